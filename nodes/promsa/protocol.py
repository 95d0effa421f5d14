"""How the agent's policy talks to a chat model: the conversation it sees, and how its action is read.

Two action protocols, one conversation shape:
- native: the retrieval tools still within budget are bound with `bind_tools` (Ollama, any
  OpenAI-compatible server); a search is a tool call, a tool result comes back as a tool message;
- tagged: for models without tool calling (the embedded SmolLM2, `hf:` checkpoints) the tools are
  described in the system prompt, a search is `<tool_call>{"name": …, "arguments": {…}}</tool_call>`
  and its result comes back as `<tool_response>…</tool_response>`.
Either way the final answer is `<answer>…</answer>`, and the reasoning before an action is kept as
the round's thought (`<think>…</think>` in the tagged protocol, the reply's text in the native one).

The conversation is rebuilt from the trajectory every round (no hidden state): the system prompt,
the question with the image and the budgets, then per search round the model's action and the
results with the searches left after it. The SFT export (`evaluation/export_sft.py`) renders a
finished trajectory with the same functions, so the training dialogues are the inference ones.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from core.context import PromsaContext
from core.errors import ConfigError
from core.promsa_state import SEARCHES, Action, Decision, Round
from nodes.common import message_text
from nodes.promsa.common import budgets, offered, searches_left
from prompts import render_prompt
from tools.retrieval import format_results, retrieval_tools

Protocol = Literal["native", "tagged"]
_TOOL_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)
_THINK = re.compile(r"</?think>")


def resolve_protocol(context: PromsaContext, model: BaseChatModel) -> Protocol:
    """The run's protocol: as set, or for 'auto' native exactly when the model class implements tool calls."""
    native = type(model).bind_tools is not BaseChatModel.bind_tools
    if context.action_protocol == "native" and not native:
        raise ConfigError(
            f"model {context.model!r} has no native tool calling: set action_protocol='tagged' (or 'auto')"
        )
    if context.action_protocol != "auto":
        return context.action_protocol
    return "native" if native else "tagged"


def agent_tools(
    context: PromsaContext, actions: list[Action], kb: Any = None, image: Any = None
) -> list[BaseTool]:
    """The budgeted retrieval tools for `actions` (fixed top-k; the run excludes); kb=None: schemas only."""
    fixed = {"text_search": context.text_search_k, "image_search": context.image_search_k}
    return [tool for tool in retrieval_tools(kb, image, fixed_k=fixed) if tool.name in actions]


# --- the conversation -----------------------------------------------------------------------------


def conversation(
    context: PromsaContext,
    protocol: Protocol,
    question: str,
    image_part: dict[str, Any] | None,
    rounds: list[Round],
) -> list[BaseMessage]:
    """Everything the policy has seen after `rounds` (`image_part`: None for a text-only question): a final
    stop round is rendered as the answer turn."""
    searches = [r for r in rounds if r["action"] != "stop"]
    messages: list[BaseMessage] = [
        SystemMessage(content=system_prompt(context, protocol)),
        HumanMessage(
            content=[
                *([image_part] if image_part else []),
                {
                    "type": "text",
                    "text": render_prompt("promsa_question", question=question, status=status([], context)),
                },
            ]
        ),
    ]
    for i, past in enumerate(searches):
        messages.append(action_message(past, protocol))
        messages.append(result_message(past, status(searches[: i + 1], context), protocol))
    messages.extend(action_message(r, protocol) for r in rounds if r["action"] == "stop")
    return messages


def system_prompt(context: PromsaContext, protocol: Protocol) -> str:
    if protocol == "native":
        rules = render_prompt("promsa_native")
    else:
        tools = agent_tools(context, [a for a, n in budgets(context).items() if n > 0])
        rules = render_prompt("promsa_tagged", tools="\n".join(describe_tool(t) for t in tools))
    allowed = budgets(context)
    return render_prompt(
        "promsa_policy",
        image_budget=allowed["image_search"],
        text_budget=allowed["text_search"],
        protocol=rules,
    )


def describe_tool(tool: BaseTool) -> str:
    """`- name(arg: type — description): what it does`, for the tagged protocol's system prompt."""
    properties = tool.tool_call_schema.model_json_schema().get("properties", {})
    args = ", ".join(
        f"{n}: {p.get('type', 'string')} — {p.get('description', '')}" for n, p in properties.items()
    )
    return f"- {tool.name}({args}): {tool.description}"


def status(rounds: list[Round], context: PromsaContext) -> str:
    """The searches left after `rounds` and the actions allowed now."""
    left = ", ".join(f"{action} {n}" for action, n in searches_left(rounds, context).items())
    return render_prompt("promsa_status", left=left, options=options_text(offered(rounds, context)))


def options_text(actions: list[Action]) -> str:
    searches = [a for a in actions if a != "stop"]
    stop = "stop with <answer>short answer</answer>"
    return f"{', '.join(searches)} or {stop}" if searches else f"only {stop} (no search is left)"


def call_id(past: Round) -> str:
    return f"call_{past['round']}"


def tool_arguments(action: Action, query: str) -> dict[str, str]:
    return {"query": query} if action == "text_search" else {}


def answer_tag(answer: str) -> str:
    return f"<answer>{answer}</answer>"


def action_message(past: Round, protocol: Protocol) -> AIMessage:
    """The model's turn of a past round, as the protocol writes it."""
    thought = past["thought"].strip()
    if past["action"] == "stop":
        lead = (f"<think>{thought}</think>" if protocol == "tagged" else thought) if thought else ""
        return AIMessage(content="\n".join(filter(None, [lead, answer_tag(past["answer"])])))
    args = tool_arguments(past["action"], past["query"])
    if protocol == "native":
        call = {"name": past["action"], "args": args, "id": call_id(past), "type": "tool_call"}
        return AIMessage(content=thought, tool_calls=[call])
    payload = json.dumps({"name": past["action"], "arguments": args}, ensure_ascii=False)
    lead = f"<think>{thought}</think>\n" if thought else ""
    return AIMessage(content=f"{lead}<tool_call>{payload}</tool_call>")


def result_message(past: Round, after: str, protocol: Protocol) -> BaseMessage:
    """What a past search returned (the model's view of it) and the status after it."""
    results = format_results(past["candidates"])
    if protocol == "native":
        return ToolMessage(content=f"{results}\n\n{after}", tool_call_id=call_id(past), name=past["action"])
    return HumanMessage(content=f"<tool_response>\n{results}\n</tool_response>\n\n{after}")


def repair_message(problem: str, actions: list[Action]) -> HumanMessage:
    return HumanMessage(
        content=render_prompt("promsa_repair", problem=problem, options=options_text(actions))
    )


# --- reading the action -----------------------------------------------------------------------------


def parse_action(reply: AIMessage, actions: list[Action], protocol: Protocol) -> Decision | str:
    """The decision in `reply`, or a one-line description of what is wrong with it."""
    text = message_text(reply.content).strip()
    if protocol == "native":
        if reply.tool_calls:  # one action per round: a second call in the same reply is not run
            first = reply.tool_calls[0]
            return _search(first["name"], first.get("args"), text, actions)
        if reply.invalid_tool_calls:
            bad = reply.invalid_tool_calls[0]
            return f"the call of {bad.get('name')!r} has unreadable arguments ({str(bad.get('error'))[:80]})"
        return _stop(text)
    call, answer = _TOOL_CALL.search(text), _ANSWER.search(text)
    if call and not (answer and answer.start() < call.start()):
        return _tagged_call(call.group(1), _thought(text[: call.start()]), actions)
    return _stop(text)


def _tagged_call(payload: str, thought: str, actions: list[Action]) -> Decision | str:
    try:
        data = json.loads(payload)
    except json.JSONDecodeError as exc:
        return f"the <tool_call> is not valid JSON ({exc.msg})"
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return 'the <tool_call> must be a JSON object {"name": …, "arguments": {…}}'
    args = data.get("arguments", data.get("args", {}))
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except json.JSONDecodeError:
            return "the <tool_call> arguments are not a JSON object"
    return _search(data["name"], args, thought, actions)


def _search(name: str, args: object, thought: str, actions: list[Action]) -> Decision | str:
    if name not in SEARCHES:
        return f"there is no tool {name!r} (the tools are {', '.join(SEARCHES)})"
    if name not in actions:
        return f"{name} is not available any more: its budget is spent"
    query = args.get("query") if isinstance(args, dict) else None
    if name == "text_search" and not (isinstance(query, str) and query.strip()):
        return 'text_search needs a non-empty "query" argument'
    return Decision(
        action=name, query=" ".join((query or "").split()) if name == "text_search" else "",
        thought=_thought(thought), answer="", stop_reason="",
    )  # fmt: skip


def _stop(text: str) -> Decision | str:
    match = _ANSWER.search(text)
    answer = " ".join(match.group(1).split()) if match else ""
    if not answer:
        return "neither a tool call nor a non-empty <answer>…</answer>"
    return Decision(
        action="stop",
        query="",
        thought=_thought(text[: match.start()]),
        answer=answer,
        stop_reason="answered",
    )


def _thought(text: str) -> str:
    return " ".join(_THINK.sub(" ", text).split())


def reply_text(reply: AIMessage) -> str:
    """A reply's text and tool calls, as one string (what a repair prompt quotes an excerpt of)."""
    calls = [f"{c['name']}({json.dumps(c.get('args'))})" for c in reply.tool_calls]
    return " ".join([message_text(reply.content), *calls])
