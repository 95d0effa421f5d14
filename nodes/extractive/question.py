"""What a question about an image asks: its expected answer type, the attribute, and the image reference.

"What is the capital of the country where this tree frog lives?" reads as: answer type `named`, type
noun "capital", image reference "tree frog", attribute words ["capital", "country", "lives"]. Pure
text rules over English question shapes (wh-phrase, deictic "this …"/"the … in this photo"); no
model, no knowledge of any dataset.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from nodes.extractive.lexicon import is_adjective, is_noun

# Readers build a pattern per name they look for; re's own cache (512 patterns) is smaller than a
# reading's set of names, so patterns were compiled again and again.
compiled = functools.lru_cache(maxsize=2**12)(re.compile)

AnswerType = Literal[
    "identity",  # the name of what the image shows ("Which bridge is this?")
    "year",
    "number",
    "person",
    "colour",
    "nationality",
    "scientific_name",
    "ordinal",  # a rank ("what number planet is this?" → "8th")
    "named",  # an entity of the kind `type_noun` names ("which country", "the capital of")
]


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS = word_set("""
    a an the of in on at to for from by with without into onto over under between near about as and or
    but is are was were be been being am do does did has have had can could will would shall should may
    might must which what who whom whose when where why how this that these those it its it's their there
    here than then also very most more much many one ones any some each every such own other another same
""")
IMAGE_WORDS = word_set("""
    image images photo photos photograph photographs picture pictures portrait portraits painting scene
    shot view shown pictured depicted seen visible displayed featured
""")
# Words that end an image-reference phrase: verbs, auxiliaries and particles after "this <noun>".
_REFERENCE_END = STOPWORDS | word_set("""
    lives live lie lies lay found located shown called named known used native grows grow works work
    famous famed noted renowned celebrated remembered best
    stands stand appears appear belongs belong comes come originates originate sits sit was flies fly
    swims swim eats eat inhabits inhabit occurs occur feeds feed holds hold surround surrounds contain
    contains first also most still now today originally mainly mostly die died dies built made painted
    discovered launched founded created designed lived operate operates orbit orbits shares share flew
    flown became become carry carries especially particularly chiefly build builds construct constructs
    off near beside best well often usually widely famously primarily
""")
# Verbs that say where or that something is, not what is asked: left out of the attribute.
_GENERIC_VERBS = word_set("""
    lives live living lived found located situated native works work used occurs occur lies lie lying
    contains containing contain holds holding held seen stands stand standing called named known come comes
    originate originates originated inhabit inhabits
""")
# Prepositions that carry the relation asked for ("near which constellation").
RELATION_WORDS = word_set("near between beside around")
# Modifiers between the wh-word and the noun it asks for ("which other constellation").
_MODIFIERS = word_set("""
    other famous well-known conspicuous brightest largest biggest smallest highest longest tallest
    deepest second third first main official national nearest closest major best oldest two notable
    remarkable unusual
    very really quite especially particularly extremely
""")  # and the words that grade an adjective ("which very bright star")
# Kinds of answers questions commonly name; preferred when several words follow the wh-word.
TYPE_NOUNS = word_set("""
    country nation state republic kingdom city capital town village region province county district
    continent island islands archipelago peninsula ocean sea lake river mountain mountains range desert
    forest valley bay gulf strait channel canal volcano constellation star planet moon galaxy nebula cluster
    comet language currency company museum university team group organisation organization building tower
    bridge palace temple church person painter artist writer author scientist astronomer inventor
    composer architect king queen emperor empress president leader species genus family subfamily animal
    bird fish plant tree flower fruit insect mammal reptile breed colour color material element instrument
    sport program programme mission spacecraft ship aircraft vehicle car rocket hemisphere zodiac sign part
    corporation institute college school academy agency society association foundation project reserve
    navy army league garden park hill cape territory plain plains plateau people tribe god goddess deity
""")
_KIND_NOUNS = "|".join(sorted(TYPE_NOUNS))  # the kinds as a pattern's alternatives
NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "hundred": 100, "thousand": 1000,
}  # fmt: skip

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*|\d[\d,.]*")  # "K2", "M31" are one word
_SHOWN = (
    r"(?:shown|pictured|depicted|seen|visible|drawn|captured|photographed|featured|illustrated|reproduced"
    r"|portrayed|re-?enacted|re-?created|staged)"
)
# "is standing here", "is growing here": what the thing shown is doing, where the picture shows it
_DOING_HERE = r"(?:standing|sitting|growing|swimming|perched|flying|grazing|resting|lying|posing|blooming)"
_PICTURE = (
    r"(?:image|photo|photograph|picture|portrait|painting|scene|shot|view|frame|snapshot|drawing|illustration"
    r"|sketch)"
)
# "… in this photo", "… here", "… on the pad here" or nothing, then perhaps what else singles it out (", the
# one known for …", ", where men dressed as …")
# (", judging by its single hump": what the asker goes by)
_IN_THE_IMAGE = (
    r"(?:\s+(?:in|on)\s+(?:this|the)\s+\w+)?(?:\s+here)?(?:,\s+(?:the\s+one|where)\b.*)?"
    r"(?:,\s+(?:judging|going|to\s+judge)\s+(?:by|from)\b.*)?$"
)
# Words after "this" that say nothing but what the thing is: no preposition or verb ("which messier object
# is this star-forming cloud", not "which country is this dish from").
_THIS_PHRASE = rf"(?:\s+(?!(?:{'|'.join(sorted(_REFERENCE_END))})\b)[\w-]+){{0,3}}"
# ", the bright cloud just below the belt", ", the green-skinned one …": what else singles the thing out,
# in apposition after "which … is this"
_APPOSITIVE = r"(?:,\s+(?:the|a|an|one)\b.*)?"
_IDENTITY = [
    re.compile(
        rf"^(?:exactly\s+|so\s+)?(what|which|who)\b(\s+(?!(?:whose|where|that|which|who|whom|is|are|was|were)\b)"
        rf"[\w,-]+){{0,8}}?\s+(is|are)\s+(this|these|that|it|he|she|they)"
        rf"{_THIS_PHRASE}"
        rf"(?:\s+in\s+the\s+[\w-]+(?=,))?{_APPOSITIVE}$"
    ),  # "which stocky, burrowing Australian marsupial is this"
    # "We see a starburst galaxy edge-on here. What's its name?"
    # "What's the name?", "what is its common name?", "by what popular name is it known?"
    re.compile(
        r"^what\s+(?:is|are)\s+(?:its|his|her|their|the)\s+"
        r"(?:full\s+|proper\s+|common\s+|popular\s+|usual\s+|everyday\s+|ordinary\s+|real\s+)?names?$"
    ),
    # "by what name do astronomers know it?": the name people of a trade know the thing shown by
    re.compile(
        r"^by\s+what\s+(?:common\s+|popular\s+|usual\s+)?name\s+(?:(?:is|are)\s+(?:it|this|they|these)\s+known"
        r"|(?:do|does)\s+(?:[a-z]+\s+){1,2}know\s+(?:it|this|them|these))$"
    ),
    re.compile(
        rf"^(what|which)\b(\s+(?!(?:whose|where|that|which|who|whom|is|are|was|were)\b)[\w'’-]+){{0,10}}?(?:,[^,]+,)?"
        rf"\s+(?:(?:is|are|is\s+being|are\s+being|has\s+been|have\s+been)\s+{_SHOWN}|appears?|can\s+be\s+seen"
        rf"|(?:is|are)\s+{_DOING_HERE}(?=\s+here$)"
        rf"|(?:fills|dominates|occupies)\s+(?:this|the)\s+{_PICTURE}){_IN_THE_IMAGE}"
    ),  # "which ocean game fish is drawn here", "which body, the only … of our planet, fills this picture";
    # "which species of penguin is standing here";
    # not "what is the capital of the country whose wild dog is shown here": what is shown is in a clause
    re.compile(rf"^what\s+(?:is|are)\s+the\s+(?:[\w,-]+\s+){{0,3}}?[\w-]+\s+{_SHOWN}{_IN_THE_IMAGE}"),
    # "what sort of creature is the fairy-tale character shown in this illustration?", "what structural type
    # of bridge is the one in the picture?": its kind
    re.compile(
        rf"^what\s+(?:[a-z]+(?:al|ic)\s+)?(?:kind|sort|type)\s+of\s+[\w-]+\s+(?:is|are)\s+the\s+(?:[\w,-]+\s+){{0,3}}?[\w-]+"
        rf"\s+(?:{_SHOWN}{_IN_THE_IMAGE}|in\s+(?:this|the)\s+{_PICTURE})$"
    ),
    # "what is this called", "… What is it called?", "What's the object called?", "… in this photo. What's
    # the place called?"
    re.compile(
        r"^what\s+(is|are)\s+(this|these|it|they|the\s+(?:object|thing|place|site|landmark|building|structure"
        r"|creature|animal|bird|fish|plant|flower|fruit|cloud|nebula|galaxy|cluster|figure|painting|canvas"
        r"|artwork|statue|sculpture|aircraft|ship|tower|palace))\b[\w\s,-]*\bcalled\b"
        r"(?!\s+(?:that|which|who)\b)"  # not "what is the tower called that crowns this palace"
    ),
    # an embedded question's order: "(tell me) what this long-legged pink wader is called"
    re.compile(r"^what\s+(?:this|these)\b[\w\s,-]*\s(?:is|are)\s+called$"),
    # "what's the title of the painting this picture is taken from": the work the image shows a part of
    re.compile(
        rf"^what\s+is\s+the\s+(?:title|name)\s+of\s+the\s+[\w-]+\s+(?:that\s+)?(?:this|the)\s+{_PICTURE}\s+"
        r"(?:is|was)\s+(?:taken|cropped|cut|drawn|copied)\s+from$"
    ),
    # "which spacecraft that set down on the Moon is this": a kind narrowed by a relative clause that does not
    # point at the image (not "which river that flows past this city is it")
    re.compile(
        r"^(?:which|what)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:that|which|who)\s+"
        r"(?:(?!(?:this|these|it|its|here|they|their)\b)[\w,'’-]+\s+){1,8}?(?:is|are)\s+(?:this|these)$"
    ),
    # "which little monkey, the one with the long white moustache, is this": a description in apposition
    re.compile(
        r"^(?:which|what)\s+(?:[\w-]+\s+){1,4}?[\w-]+,\s+the\s+one\b[^,]*,\s+(?:is|are)\s+(?:this|these)$"
    ),
    # "that's a rhino, sure, but which species exactly?": the kind alone, the thing given before
    re.compile(r"(?:^|\bbut\s+)(?:which|what)\s+(?:species|breed|variety|kind|type|sort)(?:\s+exactly)?$"),
    # an embedded question's order: "(tell me) what sort of parrot this bird is", "which species this
    # picture shows"
    re.compile(
        rf"^(?:what|which)\s+(?:[\w-]+\s+){{0,3}}?(?:this|these)(?:\s+[\w-]+){{0,3}}\s+(?:is|are){_APPOSITIVE}$"
    ),
    # "which nebula does this image show", "which galaxy, seen edge-on, does this picture show"
    re.compile(
        rf"^(?:what|which)\s+(?:[\w,-]+\s+){{0,4}}?(?:(?:does|do|did)\s+)?(?:this|the)\s+{_PICTURE}\s+"
        r"(?:shows?|depicts?|captures?)$"
    ),
    # "which galaxy do we see edge-on here", "what animal can you see in this photo"
    re.compile(
        rf"^(?:what|which)\s+(?:[\w,-]+\s+){{0,3}}?(?:do|can|could|did)\s+(?:we|you|i)\s+(?:see|have)(?:\s+[\w-]+)?"
        rf"(?:\s+here|\s+(?:in|on)\s+(?:this|the)\s+{_PICTURE})?$"
    ),
    re.compile(
        r"^(what|how)\s+(do|would|does|should)\s+(?:you|we|one|people|[a-z]+s)\s+call\s+(this|these)\b[\w\s,-]*$"
    ),
    # "What do astronomers call it?", "what do you call the stone figure standing in this photo", "… a
    # stone figure like the one in this photo": a name for what is shown, by whoever names it
    re.compile(r"^(?:what|how)\s+(?:do|would|does|should|did)\s+[\w-]+\s+call\s+(?:it|them|this|these)$"),
    re.compile(
        r"^(?:what|how)\s+(?:do|would|does|should|did)\s+[\w-]+\s+call\s+(?:the|a|an)\s+"
        rf"(?:(?!(?:of|from|whose|that|which|where)\b)[\w-]+\s+){{0,6}}?(?:in|on)\s+(?:this|the)\s+{_PICTURE}"
        rf"{_APPOSITIVE}$"
    ),  # "…, the one with a horse-like head": what else singles it out
    # "this ensemble of lakes, gardens and halls in china's capital is which palace": the kind asked last
    re.compile(
        r"^(?:this|these)\b(?:(?!\b(?:whose|where|that|which|who)\b)[^?])*?\s(?:is|are)\s+which\s+[a-z-]+$"
    ),
    # "which nebula's dark columns of gas appear in this image": the owner of what is shown
    re.compile(
        rf"^(?:which|what)\s+[\w-]+['’]s\s[\w\s,-]+?\s(?:appears?|(?:is|are)\s+{_SHOWN}){_IN_THE_IMAGE}"
    ),
    # "which starburst galaxy, seen edge-on in ursa major, is in this picture": a description in apposition,
    # then where it is
    re.compile(
        rf"^(?:which|what)\s+(?:[\w'’-]+\s+){{0,4}}?[\w'’-]+,\s+[^?]+?,\s+(?:is|are)\s+(?:in|on)\s+this\s+{_PICTURE}$"
    ),
    # "which early computer programmer and navy officer is the person in this photograph"
    re.compile(
        rf"^(?:which|who)\s+(?:[\w'’-]+\s+){{0,6}}?[\w'’-]+\s+(?:is|was)\s+the\s+(?:person|man|woman|figure)"
        rf"\s+(?:in|on)\s+this\s+{_PICTURE}$"
    ),
    # "what is the name of the launch vehicle on the pad here": the name of what stands where the picture is
    re.compile(
        r"^what\s+is\s+the\s+name\s+of\s+the\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:on|in|at)\s+the\s+[\w-]+\s+here$"
    ),
    # "which messier object is this spiral galaxy in the great bear": where it lies, after what it is
    re.compile(
        r"^(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:is|are)\s+(?:this|these)\s+"
        r"(?:(?!(?:of|to|from|for|with|by|at|on)\b)[\w-]+\s+){0,3}?in\s+the\s+"
        rf"(?:[\w-]+\s+)?(?!(?:of|to|from|for|with|by|at|on|in|{_PICTURE})$)[\w-]+$"
    ),
    # "which famous canvas is this a view of", "which galaxy is this a close-up of": what a view shows
    re.compile(
        r"^(?:which|what)\s+(?:[\w'’-]+\s+){0,4}?(?:is|are)\s+(?:this|these)\s+(?:a|an)\s+"
        r"(?:view|detail|close-up|picture|photo|image|copy|reproduction|print)\s+of$"
    ),
    # "which famous painting is this swirling night sky from": the work a detail shown comes from
    re.compile(
        r"^(?:which|what)\s+(?:[\w'’-]+\s+){0,2}?(?:painting|picture|film|work|book|canvas|series|photograph)\s+"
        r"(?:is|are)\s+(?:this|these)\s+(?:[\w'’-]+\s+){1,4}?from$"
    ),
    # "which us navy rear admiral and early computer programmer is in this photograph"; "who was this rear
    # admiral and computer scientist"; "which swiss-born french thinker is in this portrait, the one whose
    # ideas inspired …"
    re.compile(
        rf"^(?:which|who)\s+(?:[\w'’-]+\s+){{0,8}}?[\w'’-]+\s+(?:is|are)\s+(?:in|on)\s+this\s+{_PICTURE}"
        rf"{_APPOSITIVE}$"
    ),
    re.compile(r"^who\s+(?:was|were)\s+(?:this|these)(?:\s+[\w'’-]+){1,8}$"),
    # "which of van gogh's paintings is it", "which of nasa's two voyager probes is this one": one of several
    re.compile(
        r"^(?:which|what)\s+of\s+(?:[\w'’-]+\s+){1,6}?(?:is|are)\s+(?:this|these|it|they)(?:\s+one)?$"
    ),
    # "which beijing landmark, with lakes, gardens and palaces, was this photo taken at"
    re.compile(rf"^(?:which|what)\s+[^?]+?\s+(?:was|were)\s+this\s+{_PICTURE}\s+taken\s+(?:at|in|of)$"),
    # "which nebula are we looking at", "what are you looking at here"
    # "which starburst galaxy in ursa major, seen edge-on, are we looking at": what singles it out, too
    re.compile(r"^(?:what|which)\s+(?:[\w,-]+\s+){0,10}?are\s+(?:we|you)\s+looking\s+at(?:\s+here)?$"),
    # "(could you name) the strong Italian-style brew served here", "the cultivar of the apple in this
    # picture": a kind of the thing shown, then only where it is shown
    re.compile(
        r"^what\s+(?:is|are)\s+the\s+(?:(?!(?:of|from|whose|that|which|where)\b)"
        r"[\w-]+\s+){0,4}?(?:(?:cultivar|variety|breed|species|kind|type)\s+of\s+the\s+[\w-]+\s+)?"
        rf"(?:(?:{_SHOWN}|served)\s+)?(?:here|(?:in|on)\s+(?:this|the)\s+{_PICTURE}){_APPOSITIVE}$"
    ),  # "name the grand-design spiral in this image, the one tugging at a small companion"
    re.compile(
        r"\bwhat\s+is\s+the\s+(?:(?:popular|common|usual|familiar|full)\s+)?(?:name|title)\s+of\s+"
        r"(this|these|the\s+(?:[\w,-]+\s+){0,3}?[\w-]+\s+(?:(?:shown|seen|pictured)\s+)?(in|on|filling)\s+this)\b"
    ),  # "what's the name of the large, bright nebula filling this frame", "the title of this painting"
    # "which launch vehicle is standing in this photograph", "which palace complex of lakes and gardens is
    # seen in this picture": a kind, then only where it stands in the picture
    re.compile(
        rf"^(?:what|which)\b(?:\s+[\w,-]+){{0,6}}?\s+(?:is|are)\s+(?:[\w-]+\s+)?(?:in|on)\s+(?:this|the)\s+"
        rf"(?:[\w-]+\s+)?{_PICTURE}$"
    ),
    # "what's this spotted grey bird with the bony knob on its head", "what is this bird that …" (not "what is
    # this physicist credited with": a participle before "with" asks by a passive)
    re.compile(
        r"^what\s+(?:is|are)\s+(?:this|these)(?:\s+[\w-]+){0,4}?\s+(?![\w-]+ed\b)[\w-]+,?\s+"
        r"(?:that|which|who|with)\b"
    ),
    # "name it", "what is this nebula's name", "what name does the galaxy go by", "what name do astronomers
    # give this tangle of filaments …": the name of what is shown, asked in other words
    re.compile(r"^name\s+(?:it|them)$"),
    re.compile(r"^what\s+(?:is|are)\s+(?:this|these)\s+[\w-]+['’]s?\s+names?$"),
    re.compile(r"^what\s+names?\s+(?:does|do)\s+(?:it|they|this|these|the\s+[\w-]+)\s+go\s+by$"),
    # "what do you call a landmark built of piled stones like this", "what is the name for this kind of stone
    # landmark": the name of the kind shown
    re.compile(
        r"^what\s+(?:do|would|does)\s+(?:you|people|we|they)\s+call\s+(?:an?\s+)?[^?]*\blike\s+(?:this|these)\b"
    ),
    re.compile(r"^what\s+is\s+the\s+name\s+(?:for|of)\s+(?:this|these)\s+(?:kind|sort|type)s?\s+of\b"),
    # "what is the name for a stone landmark like this one built by the Inuit"
    re.compile(r"^what\s+(?:is|are)\s+the\s+names?\s+(?:for|of)\s+(?:an?\s+)?[^?]*\blike\s+(?:this|these)\b"),
    re.compile(r"^what\s+names?\s+(?:do|does|did)\s+[\w-]+\s+give\s+(?:it|them|this|these)\b"),
    # "which nebula did I capture", "which galaxy have we photographed": what the picture-taker caught
    re.compile(
        r"^(?:which|what)\s+[\w-]+\s+(?:did|have)\s+(?:i|we|you)\s+"
        r"(?:capture|captured|catch|caught|photograph|photographed|shoot|shot|snap|snapped|take|taken)$"
    ),
    # "I took this photo of a planetary nebula. Which one did I catch?": the one the scene describes
    re.compile(
        r"^(?:which|what)\s+one\s+(?:is\s+(?:it|this|that)|(?:did|have)\s+(?:i|we|you)\s+[a-z]+"
        r"|am\s+i\s+[a-z]+(?:\s+at)?|(?:is|was)\s+(?:shown|pictured|photographed|seen))$"
    ),
    # (not "what sort of habitat is this camel native to", whose stranded preposition asks another thing)
    re.compile(
        r"^(?![^,]*\s(?:to|in|from|at|on|for|with|of|by)$)"
        r"(what|which)\s+(?:general\s+|broad\s+|particular\s+)?(kind|type|species|breed|sort)\s+of\s+[\w\s-]+\s+(is|are)\s+"
        r"(this|these|shown|pictured|depicted|(in|on)\s+(this|the)\s+(image|photo|photograph|picture))\b"
    ),
    # "who is the air force colonel and astronaut smiling in this portrait"
    re.compile(r"^who\s+(is|are)\s+(this|these|the(?:\s+[\w-]+){1,7}?\s+(in|on)\s+(this|the))\b"),
    re.compile(r"^(identify|name)\s+(this|the)\b"),
    # "which pioneering programmer and rear admiral is this a portrait of"
    re.compile(rf"^(?:what|which|who)\b[^?]*?\s(?:is|are)\s+(?:this|these)\s+an?\s+{_PICTURE}\s+of$"),
    # "what is the name for a cat with this striped, swirled coat": a thing of a kind with what is shown
    re.compile(
        r"^what\s+(?:is|are)\s+the\s+(?:[\w-]+\s+)?name\s+(?:for|of)\s+an?\s+[\w-]+\s+(?:with|having)\s+(?:this|these)\b"
    ),
    # "(could you identify) the little orange-and-white striped fish in this drawing": a description of
    # no other thing (no "of", "from"), then where it is in the picture
    re.compile(
        rf"^what\s+(?:is|are)\s+the\s+(?:(?!(?:of|from|in|on)\b)[\w,-]+\s+){{0,8}}?[\w-]+\s+(?:in|on)\s+"
        rf"(?:this|the)\s+{_PICTURE}$"
    ),
]
# "the constellation it lies in", "the country it lives in", "the nation where it runs wild": the pronoun in
# a bridge's relative clause
_IT_SITUATED = re.compile(
    r"(?:(?<=\bwhere\s)|(?<=\bwhich\s))it\s+(?!is\s+(?:called|named|known)\b)"
    r"|\bit\s+(?=(?:lies|lives|sits|stands|belongs|grows|roams|runs|comes|came|originated|is\s+found"
    r"|is\s+located|is\s+native|is\s+(?:so\s+|very\s+|most\s+)?common)\b)"
    r"|\bit(?:['’]s|\s+is)\s+(?=(?:in|on|within|inside)\s*[?.]?$)"  # "the constellation it's in?"
    r"|(?<=\bthat\s)(?:contains|holds|includes)\s+it\b"  # "the constellation that contains it"
)
# "the brightest star in its constellation": the pronoun possessing a kind of entity after a preposition (not
# "what is its native country", which asks that kind)
_ITS_KIND = re.compile(rf"\b(in|of|from|on|within|near)\s+its\s+(?=(?:[\w-]+\s+)?(?:{_KIND_NOUNS})\b)")
_REFERENCE_IN = re.compile(
    r"\bthe\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:(?:in|on|from|shown\s+in|depicted\s+in)\s+(?:this|the)\s+"
    r"(?:image|photo|photograph|picture|portrait|painting|scene|shot)\b"
    r"|(?:pictured|shown|depicted|photographed)(?:\s+here)?\b)"
)
# "the big city near this one", "the city a little to the east of this harbor": a thing placed beside the
# image's own one
_BESIDE = (
    r"near|beside|opposite|across\s+from|next\s+to|close\s+to"
    r"|(?:(?:just|a\s+little|far)\s+)?(?:to\s+the\s+)?(?:north|south|east|west|northeast|northwest|southeast"
    r"|southwest)\s+of"
)
_BRIDGE = re.compile(
    r"\bthe\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:(that|which|where|whose|who|of|containing|holding|"
    rf"with|around|as|{_BESIDE}|(?:in|on|from|to|of|at|by|after|for)\s+(?:which|whom))\b(?:(?!\bthe\b)[^?])*?\s)?"
    r"(?:this|these)\b"
)
# "this plant is native to a country that won independence from Spain in what year": a thing of a kind a
# statement about the image's thing leads to, whose relative clause holds what is asked
_INDEFINITE_BRIDGE = re.compile(
    r"\b(?:to|in|from|on|of|at)\s+an?\s+((?:[\w-]+\s+){0,1}?[\w-]+)\s+"
    r"(?:that|which|where|whose)\b[^?]*\b(?:what|which|when|how)\b"
)
_THIS = re.compile(r"\b(?:this|these)\b")
# Spots on a thing: "the tower at the top of this palace" describes the tower, which stands there
_POSITION_NOUNS = word_set("top bottom foot summit tip centre center middle heart edge rim base end")
_PLACED_AT = re.compile(
    r"\bthe\s+((?:[\w-]+\s+){0,1}?[\w-]+)\s+(?:at|on|in|near)\s+(?=the\s+(?:[\w-]+\s+){1,2}of\s)"
)
# A relative clause with a noun phrase of its own before the image's thing ("the country where the method
# of making this drink was developed"): tried only when `_BRIDGE` finds no nearer description.
_BRIDGE_ACROSS = re.compile(
    r"\bthe\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(that|which|where|whose|who|(?:in|on|from|to|of|at|by)\s+which)"
    r"\b[^?]*?\s(?:this|these)\b"
)
# "… a spacecraft. Around which point does that spacecraft operate?", "… What is the capital of that
# country?": a thing an earlier sentence introduced — only by a kind's noun ("That republic has …", "What
# sets that ocean apart …", "… between Ursa Major and one other. Name that other constellation").
_DEMONSTRATIVE = re.compile(
    r"(?:\b(?:(does|do|did|is|was|are|were|has|have|can)|of|in|from|on|to)\s+|\b)(?:that|those)\s+(?:other\s+|same\s+)?"
    r"([a-z-]+)\b"
)
# "the same keel-shaped constellation": the image's own, of a kind a description names (not "the same … as")
_SAME_KIND = re.compile(rf"\bthe\s+same\s+(?:[\w-]+\s+){{0,2}}?({_KIND_NOUNS})\b(?!\s+as\b)(?![\w-])")
# the kind's noun after an adjective of the demonstrative's: "that northern country", "those bright stars"
_QUALIFIED_KIND = re.compile(r"\s+([a-z-]+)\b")
_OUTER = re.compile(r"\bthe\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:that|which|where|whose|who)\b")
_RELATIVES = word_set("that which where whose who") | {
    f"{preposition} which" for preposition in ("in", "on", "from", "to", "of", "at", "by")
}
# Quantities a question can ask of the image's thing ("what is the diameter of this planet").
MEASURE_NOUNS = word_set("""
    temperature distance length height depth diameter radius mass weight speed period duration area size
    population altitude elevation width thickness circumference magnitude gravity lifespan wingspan
""")
# Nouns that describe an aspect of the image's entity rather than another entity ("the method of making
# this drink", "the purpose of this tool", "the number of wheels this car has", its quantities): they
# lead back to the entity itself, not to a bridge.
FACET_NOUNS = MEASURE_NOUNS | word_set("""
    method way process technique manner style practice recipe custom tradition use purpose origin design
    number amount count total share percentage proportion fraction name names surface atmosphere
""")
# "how far", "how tall", "what is the temperature", "how much does it weigh": a measure, answered with
# its unit ("384,400 kilometres", "−65 °C"); "how many" is a count, answered in digits.
_MEASURE = re.compile(
    r"\bhow\s+(long|tall|high|far|big|large|old|heavy|deep|wide|thick|hot|cold|warm|fast|massive|heavy|bright)\b"
    rf"|\b(?:what|which)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+|[\w-]+['’]s\s+)?(?:[\w-]+\s+)?"
    # "what is the height …", "what is Neptune's mean distance"; not "which area's sovereignty …", a place
    # (nor "what area of study", a field)
    rf"({'|'.join(sorted(MEASURE_NOUNS))})\b(?!['’]s|\s+of\s+(?:study|research|expertise|interest|science))"
    r"|\bwhat\s+(share|percentage|proportion|fraction|percent)\b"
    r"|\bhow\s+much\s+(?:[\w-]+\s+){0,4}?(weigh)s?\b"
    r"|\bat\s+what\s+(age)\b|\bwhat\s+(age)\s+(?:was|were|is|did|does|do)\b"  # not "in which age …"
)
# Units a measure is stated in ("384,400 kilometres", "224.7 Earth days", "−65 °C", "30.1 AU"), by the
# quantity they measure; a question's measure word says which quantities can answer it.
UNIT_FAMILIES = {
    "length": word_set("""
        km kilometre kilometres kilometer kilometers mile miles m metre metres meter meters cm mm ft foot
        feet inch inches light-year light-years ly parsec parsecs pc au
    """),
    "duration": word_set("year years day days hour hours minute minutes second seconds week weeks month "
                         "months century centuries"),
    "mass": word_set("kg kilogram kilograms g gram grams tonne tonnes ton tons lb pound pounds"),
    "temperature": word_set("degree degrees ° °c °f k kelvin celsius fahrenheit"),
    "speed": word_set("km/h km/s m/s mph kph knots"),
    "area": word_set("hectare hectares acre acres"),
    "angle": word_set("degree degrees ° arcseconds arcsecond"),
    "share": word_set("percent %"),
}  # fmt: skip
UNITS = frozenset().union(*UNIT_FAMILIES.values())
# "how many square miles …", "…, in degrees?": the unit the question wants its number in.
_COUNTED_UNIT = re.compile(r"\bhow\s+many\s+(?:(square|cubic|light)[\s-]+)?([a-z/°%-]+)")
_UNIT_SPELLINGS = {
    "°": "degree", "km": "kilometre", "kilometer": "kilometre", "kilometers": "kilometre", "m": "metre",
    "meter": "metre", "meters": "metre", "ft": "foot", "feet": "foot", "kg": "kilogram", "lb": "pound",
    "g": "gram", "ly": "light-year", "pc": "parsec", "mph": "miles per hour",
}  # fmt: skip
_UNIT_TAIL = re.compile(r",\s*in\s+(?:(square|cubic|light)[\s-]+)?([a-z/°%-]+)$")
# "what number planet is this", "its position in order from the Sun": a rank, answered as "3rd".
# "how large is that continent, compared with the others?", "which place does it take?": a rank among
# them, not a measure
# "compared with the others", "how does it compare in size with the other Latin American nations", "how big
# is it compared with the rest": a rank among the others of its kind
_AMONG_OTHERS = (
    r"\bcompared?\s+(?:in\s+[a-z]+\s+)?(?:with|to)\s+(?:all\s+)?the\s+(?:others?|rest)\b"
    r"|\b(?:which|what)\s+place\s+(?:does|do|did)\s+\w+\s+take\b"
)
# "which number president of the United States was he", "what number planet is this": a place in an order
_NUMBER_IN_ORDER = re.compile(r"^(?:what|which)\s+number\s+[a-z]+\b")
_ORDINAL = re.compile(
    # "which sign number is Cancer": a number that places a thing in its order
    r"\b(?:what|which)\s+(?:[a-z]+\s+)?number\s+(?:is|was|are|were)\b"
    r"|\b(?:what|which)\s+number\b|\b(?:position|rank|place)\s+(?:in\s+order\s+)?(?:from|in|among)\b|\brank(?:s|ed)?\s+by\b"
    rf"|{_AMONG_OTHERS}"
)
# A person's occupation asked: the role their gloss gives after their nationality — not "what job is this
# ox used for"; "what was X's occupation", "what was X, who was born in …, by profession", "what did this
# woman do for a living", "what kind of campaigner was the american woman in this photo", "what was the man in
# this photo famous as"
_OCCUPATION_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:job|occupation|profession|line\s+of\s+work)\b(?![^?]*\bused\s+(?:for|as)\b)"
    r"|\b(?:occupation|profession|job)$|\bby\s+(?:profession|trade|occupation)$"
    r"|\bdo\s+for\s+a\s+living\b"
    # "what was the man in this photo famous as", "what did she work as"
    r"|^what\s+(?:was|is|did)\s+(?:he|she|this\s+(?:man|woman|person|guy|lady)|the\s+(?:man|woman|person|guy|lady)\b.*?)"
    r"\s+(?:famous|celebrated|renowned|work|worked)\s+as$"
    r"|\b(?:what|which)\s+(?:kind|sort|type)\s+of\s+[a-z]+\s+(?:was|is)\s+(?:he|she|this\s+(?:man|woman|person|guy)"
    r"|the\s+(?:[a-z]+\s+)?(?:man|woman|person|guy|lady))"
    # (the person last: not "what sort of people was he noted for depicting")
    r"(?:\s+(?:in|on)\s+(?:this|the)\s+[a-z]+|\s+(?:pictured|shown)(?:\s+here)?)?"
    r"(?:\s+(?:best\s+|mostly\s+|mainly\s+)?(?:known|famous|remembered)\s+as)?$"  # "… best known as"
)
_GROUP_ASKED = re.compile(  # not a taxonomic rank ("which genus", "which family of fungi"): those are Latin
    r"\b(?:which|what)\s+group\b[^?]*\bbelongs?\b|\b(?:kind|type|sort|member|variety)\s+of\s+(?:which|what)\s+"
    # "this spiny burrower belongs to which unusual group of mammals?"
    r"|\bbelongs?\s+to\s+(?:which|what)\s+(?:[a-z]+\s+)?group\b"
    r"(?!genus\b|family\b)|\b(?:kind|type|sort)\s+of\s+what$"  # "a small kind of what?"
    rf"|{_OCCUPATION_ASKED.pattern}"
)
# What a thing is used for, asked ("what do people use lizards like this for", "what is it mainly kept for",
# "what is this ox chiefly used as", "what is it used for there")
PURPOSE_ASKED = re.compile(
    r"\b(?:use[ds]?|kept|raised|grown|bred|cultivated)\b[^?]*\b(?:for|as)\b"
    r"(?:\s+(?:in|by)\s+[^?]*|\s+(?:there|here|today|nowadays|now|mostly|mainly))?\??$",
    re.IGNORECASE,
)
_AUXILIARIES = word_set("does do did is are was were has have had can could will would")
_COUNTING_FROM = re.compile(r"\bcounting\s+(?:outward\s+|inward\s+)?from\b")
# "how does that continent rank by size", "where does that nation rank among …", "where does it place
# among all continents": a rank among others, stated by a superlative ("the 2nd smallest continent").
# "If you line the continents up by size, where does that one come?", "… compared with the others? Give its
# rank.": a place in a ranking, asked with "where … come / sit / fall".
_RANK = re.compile(
    r"\brank(?:s|ed)?\b|\b(?:place|places|stand|stands)\s+among\b|\bwhat\s+(?:record|distinction)\b"
    r"|\bwhere\s+(?:does|do|did|would)\b.*\b(?:(?:come|fall)(?:\s+(?:in|among|compared)\b.*)?"
    r"|(?:sit|stand)\s+(?:in|among|compared)\b.*)$"
    rf"|{_AMONG_OTHERS}"
)
# "What record does it hold?", "What's that island's claim to fame?", "What sets that ocean apart from all
# the others?": a record, answered by the superlative with its noun ("largest ocean"); "Size-wise, what's
# special about …" asks one by a dimension, answered by the superlative alone. So do "holds which size
# record", "holds a size record among rodents. What is it?" and "what is historically notable about it"
# (answered by a first too: "the first planetary nebula ever catalogued").
_RECORD_HELD = (
    r"\b(?:what|which)\s+(?:[\w-]+\s+)?(?:record|distinction)\b|\bclaim\s+to\s+fame\b"
    r"|\bwhat\s+sets\s+[\w\s]+\s+apart\b|\bholds?\s+an?\s+(?:[\w-]+\s+)?record\b"
    r"|\bwhat\s+is\s+(?:[a-z]+ly\s+)?notable\s+about\b"
    # "What 'first' is it known for?", "what historic first does it hold": a first, answered whole
    r"|\bwhat\s+(?:[a-z]+\s+)?['‘’]?first['’]?\s+(?:is|does|did|was|do)\b"
    r"|\bholds?\s+an?\s+(?:[\w-]+\s+)?['‘’]?first\b"  # "holds a historic 'first' — what is it?"
    r"|\brecord-breaking\s+about\b"  # "is there anything record-breaking about this rodent?"
    # "what superlative does that sea hold", "how is that sea described in terms of inland seas"
    r"|\bwhat\s+superlative\b|\bhow\s+(?:is|are)\b[^?]*\bdescribed\s+in\s+terms\s+of\b"
    # "what's special about this animal among rodents", "among living rodents, what is special about this
    # one?", "what is historically special about this nebula?" (a first)
    r"|\bspecial\s+about\b[^?]*\bamong\s+(?:the\s+|other\s+)?[a-z]+s\b"
    r"|\bamong\s+(?:the\s+|other\s+|all\s+)?(?:[a-z]+\s+)?[a-z]+s\b[^?]*\bspecial\s+about\b"
    r"|\bwhat\s+is\s+historically\s+(?:special|notable|remarkable)\s+about\b"
)
RECORD_HELD = re.compile(_RECORD_HELD)
RECORD_ASKED = re.compile(rf"{_RECORD_HELD}|\b(?:size|area)-wise\b.*\bspecial\s+about\b")
# What a rank is by, as the question says it, and the superlatives that state a rank by it.
RANKED_BY = {
    "size": "largest smallest biggest",
    "area": "largest smallest biggest",
    "big": "largest smallest biggest",
    "large": "largest smallest biggest",
    "population": "populous",
    "populous": "populous",
    "length": "longest shortest",
    "long": "longest shortest",
    "height": "highest tallest",
    "tall": "highest tallest",
    "high": "highest tallest",
    "depth": "deepest",
    "brightness": "brightest",
    # "how does it rank among the brightest objects": the superlative names its own dimension
    "brightest": "brightest",
    "largest": "largest smallest biggest",
    "biggest": "largest smallest biggest",
    "smallest": "largest smallest biggest",
    "longest": "longest shortest",
    "highest": "highest tallest",
    "tallest": "highest tallest",
}
_PARTICLES = word_set("out up down off away into onto")
# "Name the genus of this animal", "Give the number of wheels …", "Identify the bird …": the
# imperative asks what "what is …" asks.
# "… between Ursa Major and one other. Name that other constellation.": a request may follow a statement.
# ("… sits in a zodiac constellation; name that constellation's brightest star": after a semicolon too)
_IMPERATIVE = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?:please\s+)?(?:name|give|state|identify|tell\s+me|say|do\s+you\s+know)\s+"
    r"(?=the\b|this\b|these\b|that\b|those\b)"
)
# "Can you tell me …", "Do you know which …", "I'd like to know …": a polite frame around the question
# ("do you know the year …" asks what the year is: `_IMPERATIVE`).
_POLITE = (
    re.compile(  # opening the question or its last sentence ("… lives in one country. Can you tell me …")
        r"(?:^|(?<=[.!?]\s))(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|do\s+you\s+know\s+(?!the\b)"
        r"|(?:(?:do|does)\s+(?:you|anyone)\s+have\s+)?any\s+idea\s+(?=what|which|who|where|when|how)"
        r"|please\s+|i(?:\s+(?:want|wish|would\s+like)|['’]d\s+like)\s+to\s+know\s+)"
    )
)
# "which continent this is in", "what year it was founded", "which country this singer was born in" (not
# "which of these is …"): a question embedded in a polite frame keeps a statement's order; as a question, its
# verb comes first ("which continent is this in")
_EMBEDDED_ORDER = re.compile(
    r"(?:^|(?<=[.!?]\s))(what|which|who)\s+((?:(?!of\b)[\w-]+\s+){0,3}?)(this|these|it|that|they)"
    r"((?:\s+(?!(?:is|was|are|were)\b)[\w-]+){0,3}?)\s+(is|was|are|were)\b"
)
# "… from Ursa Major. Name the galaxy.": a bare kind to name is the thing shown.
_NAME_THE_KIND = re.compile(r"(?:^|(?<=[.!?]\s))(?:name|identify)\s+the\s+([\w-]+)$")
# "this glowing ring is a nebula of which kind" → "what kind of nebula is this glowing ring"
_KIND_LAST = re.compile(
    r"^(this\s.*?)\s+(?:is|are)\s+(?:an?\s+)?((?:[\w-]+\s+)?[\w-]+)\s+of\s+(?:which|what)\s+(?:[\w-]+\s+)?"
    r"(kind|type|sort)$"
)
# "is this a globular cluster or some other kind of star cluster? which kind?" → "… which kind of star
# cluster is this": a bare "which kind" asks the kind an earlier sentence names
_WHICH_KIND_ALONE = re.compile(
    r"^(.*\b(?:kind|type|sort)\s+of\s+((?:[\w-]+\s+)?[\w-]+)\b.*[.?!]\s+)(?:which|what)\s+(?:kind|type|sort)$"
)
# "name this clever ape from equatorial africa" asks what it is; "name this bird's home country" does not
_NAME_THIS = re.compile(r"^(?:name|identify)\s+(?:this|these)\b(?!(?:\s+[\w-]+){1,3}['’]s\b)[^?.]*$")
_TRAILING_PLEASE = re.compile(r",?\s+please$")  # "name the fish shown here, please"
# "tell me which constellation …": an embedded question, read as the question it embeds.
_EMBEDDING = re.compile(r"^(?:tell\s+me|say)\s+(?=(?:what|which|who|whom|whose|where|when|how)\b)")
# "When was she born? Just the year, please.", "… ? Answer in one word.": an instruction on the reply's
# form after the question, not a sentence that asks.
# "When did it launch …? Give month and year.": a date asked in the form the request names
_WHEN_IN_FORM = re.compile(
    r"\bwhen\s+([^?]+)\?\s+(?:please\s+)?give\s+(?:the\s+)?month\s+and\s+year\W*$", re.I
)
# "What does Cygnus contain, according to astronomers?": who says so, set aside at the end
_SOURCE_ASIDE = re.compile(r",\s+according\s+to\s+[^,?]+(?=\?|$)", re.IGNORECASE)
_REPLY_FORMAT = re.compile(
    r"(?<=\?)\s+(?:just|only|please|answer|reply|respond|give\s+(?:just|only|one|a\s+single|the\s+answer)|in\s+one\s+word"
    r"|one\s+word)\b[^?]*$",
    re.I,
)
# "What does that range form, geographically speaking?", "… found by what means, rather than by
# observation?", "Who was her husband, who was also her brother?": an aside at the end of the question that
# asks nothing
_SPOKEN_ASIDE = re.compile(
    r",\s+(?:(?:[a-z]+ly\s+)?speaking|rather\s+than\s+[^?,]+|who\s+(?:is|was)\s+also\s+[^?,]+)(?=\s*\?\s*$)",
    re.I,
)
# "In Greek mythology, who …", "According to legend, where …": a phrase that sets the scene of a question.
# "in greek mythology, who …", "towering over the african savannah, which animal is this": a phrase set
# before the wh-word
_LEAD_IN = re.compile(
    r"^(?:(?:in|on|at|during|within|according\s+to|judging\s+(?:from|by))\b[^,?]{0,40},\s*"
    r"|(?:(?!counting\b|starting\b)[a-z]+ing|seen|viewed|known|found|pictured|shown|drawn)\b[^,?]{0,40},\s*"
    r"(?=(?:what|which|who|whom|whose|where|when|how)\b)"  # "seen edge-on and bursting with stars, which …"
    # "when perseus killed medusa, which two gods helped him": a time clause, then the question
    r"|(?:when|after|before|while|once)\b[^,?]{0,60},\s*(?=(?:what|which|who|whom|whose|where|how)\b))"
)
# "what's", "where's", "who's": a wh-word contracted with "is".
_CONTRACTED = re.compile(r"\b(what|which|where|who|how|when|it)['’]s\b")  # "the country it's common in"
# "If you travelled to the country this marsupial is native to, …": a trip supposed, which asks nothing
_SUPPOSED_TRIP = re.compile(r"^if\s+(?:you|i|we|one)\s+(?:travell?ed|went|flew|moved|got)\s+to\s+")
_ON_THE_MENU = re.compile(r"^what\s+is\s+on\s+(?:the|its|their)\s+menu\s+(?:for|of)\s+(.+)$")
_GOES_AFTER = re.compile(r"\b(?:go|goes|going|went)\s+after\b")
_KNOW_ITS_NAME = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:do|does|would)\s+(?:you|anyone|anybody)\s+know\s+(its|their|the)\s+name\b"
)
# Words that, in a question about the image's thing, ask nothing beyond what it is.
_IDENTITY_FILLER = word_set("""
    name names common english usual popular called known kind type species breed sort variety appears
    appear object thing things pictured shown depicted seen visible here featured photographed
""")
_NAME_NOUNS = word_set("name names")
NAME_NOUNS = word_set("name surname nickname")  # asked nouns that say how a thing is called, not its kind
# "what kind of seas": a kind of sea; "which category of vehicle": a kind of vehicle
_KIND_WORDS = word_set("kind kinds type types sort sorts variety category categories class style styles")
# "what kind of star cluster is this" → "cluster": the noun after "of", or the next word when it is a noun;
# "what structural type of bridge", "which architectural style of building": the kind, in a field's terms
_KIND_OF = re.compile(
    r"\b(?:what|which)\s+(?:general\s+|broad\s+|particular\s+|notable\s+|[a-z]+(?:al|ic)\s+)?(?:"
    rf"{'|'.join(sorted(_KIND_WORDS))})\s+of\s+"
    r"([a-z-]+)(?:\s+([a-z-]+))?"
)
_GENERIC_NOUNS = word_set("part area place")
# Nouns that ask a verb's object rather than a kind of named thing: "what structures does it build", "what
# unusual object does Cygnus contain", "apart from dams, what else do they construct", "what device did this
# physicist invent" (made things a gloss names in common nouns: "invented the gyroscope")
_OBJECT_NOUNS = word_set(
    "structure structures thing things food foods prey object objects else device devices invention"
    " inventions instrument instruments machine machines tool tools"
)
_RELATIONAL_NOUNS = word_set("neighbour neighbor neighbours neighbors counterpart")
_PLACE_NOUNS = word_set("continent country nation region ocean sea island state province city")
# "which bird is this large web-footed wader, coloured …", "which celestial body is this, Earth's only
# satellite?": what follows "this" only describes what is shown — not "which continent is this animal from"
_WHICH_IS_THIS = re.compile(
    r"^(?:which|what)\s+(?:[\w-]+\s+){1,3}?(?:is|are)\s+(?:this|these)\b([^,]*)(?:,|$)"
)
# what opens a past-tense verb's object: a determiner or a possessive ("sanctioned galileo's condemnation")
_VERB_OBJECT = re.compile(r"^(?:the|a|an|his|her|its|their|[\w-]+['’]s)$")
# "it's close to", "that's": a contraction, not a possessor
_CONTRACTING = word_set("it that there here what who he she")
_STRANDING = word_set("from in on of at to for near over under across by with inside beside into off")
MAX_DESCRIBING_WORDS = 4  # words after "which bird is this" that may describe what is shown
# "… this object in the sky": a place in the picture, not something asked.
_LOCATIVE_TAIL = re.compile(r"(\b(?:this|these)\s+[\w-]+)\s+(?:in|on|at)\s+the\s+[\w-]+$")
_POINTING = re.compile(
    r"\b(?:this|these|here|pictured|shown|depicted|seen|visible|image|images|photo|photos|photograph|"
    r"picture|pictures|portrait|painting|scene)\b"
)
_REFERENCE_THIS = re.compile(r"\b(?:this|these)\s+((?:[\w'’-]+\s*){1,3})")
# "this animal's", "that country's": a possessor; what it possesses follows.
_POSSESSOR = re.compile(
    r"\b(?:this|these|that|those)\s+(?:[\w-]+\s+){0,2}?[\w-]+['’]s\s+"
    # "besides this big bright nebula, which star does its southern constellation contain?"
    r"|\b(?:besides|apart\s+from|aside\s+from|other\s+than)\s+(?:this|these)\s+(?:[\w-]+\s+){0,3}?[\w-]+,\s+"
    r"(?:which|what)\b[^?,]*?\bits\s+"
)
# "the name of the capital …": a name asked for, whose kind is the named thing's.
_NAME_OF = re.compile(r"\bthe\s+names?\s+of\s+(?:the|that|those)\s+")  # "the name of that skyscraper"
# "which 27,890-foot mountain": a measure the asked thing has, not its kind
_MEASURE_COMPOUND = re.compile(r"\b\d[\d,.]*-[a-z]+\s+")
_DETERMINERS = word_set("this these that those the a an its his her their")
WHOLE_WORLD = word_set("world earth globe")  # owners of a record, never what is asked (nor where it lies)
# "what does this animal feed on", "what do these birds eat": the object of the verb is asked (a phrase of
# the entity's entry, "eucalyptus leaves and bark"), not a name.
# "what did the astronomer Ada Lorne discover": a named subject takes the verb as well.
_PREDICATE = re.compile(
    # "what unusual object", "what notable kind of object"
    rf"^what\s+(?P<object>(?:[a-z]+\s+)?(?:(?:kind|sort|type)\s+of\s+)?(?:{'|'.join(sorted(_OBJECT_NOUNS))})\s+)?"
    r"(?:does|do|did)\s+"
    r"(?:(?:this|these|that|those|the)\s+)?"
    r"(?:[\w-]+,?\s+){1,7}?(?:mainly\s+|mostly\s+)?"  # "this spiny, long-snouted animal"
    r"(?<!\bthat\s)(?<!\bthe\s)(?<!\bthis\s)(?<!\bits\s)(?<!\btheir\s)"  # "what do people call that group"
    r"(?P<verb>[a-z]+)(?:\s+(?P<preposition>on|in|with|from|for|at|into|upon|around))?"
    # "… in and around the water"
    r"(?:\s+(?:in|on|at|under|around)(?:\s+(?:and|or)\s+(?:in|on|at|under|around))?\s+(?:(?:the|its|their)\s+)?"
    r"[\w-]+(?:\s+(?:and|or)\s+[\w-]+)?)?"
    r"(?:\s+with\s+(?:its|their|them|it)\b.*)?"
    # "what does it lack that they have": what the others have is the object asked
    r"(?:\s+that\s+(?:they|it|others|the\s+others)\s+(?:have|has|do|does))?$"
)  # "what does this rodent build in the water", "… in rivers and streams": where it does so is no object;
# "… has claws - what does it hunt with them?": nor what it does so with
# "what is Cygnus said to contain", "what kind of exotic object is it said to contain", "what structures is
# this animal famous for building", "what is he said to have built": a verb's object asked by a passive or a
# gerund
_SAID_OR_FAMED = re.compile(
    r"^what\s+(?:[a-z]+\s+){0,4}?(?:is|are|was|were)\s+(?:the\s+|this\s+|these\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:(?:said|thought|believed)\s+to\s+(?:have\s+)?(?P<verb>[a-z]+)|(?:famous|known|noted|renowned)\s+for\s+(?P<doing>[a-z]+)ing)"
    r"(?:\s+(?:in|on|at|under|around)\s+(?:the\s+)?[\w-]+)?$"  # "… known for building in water"
)
# "with its long snout and claws, what does this animal hunt": the means it does so with, set before
_LEADING_MEANS = re.compile(r"^(?:with|using)\s+[^,?]+,\s*(?=what\b)")
_PREDICATE_VERBS_NOT = word_set("look looks like mean means do does")  # appearance, sense, deeds
_NO_OBJECT_VERBS = _GENERIC_VERBS | _PREDICATE_VERBS_NOT
RESEMBLE = "resemble"  # the predicate of "what does … look like", "what does … resemble"
RELATED = "related to"  # the predicate of "which other fruit is this related to": its kin, as a gloss says
_RELATED_ASKED = re.compile(
    r"^(?:to\s+)?(?:which|what)\s+(?:other\s+)?(?:[a-z]+\s+)?(?:is|are)\s+(?:this|these|it|they)\b[^?]*"
    r"\brelated(?:\s+to)?\s*\??$"
    # "this leathery fruit is related to which other fruits?"
    r"|\b(?:this|these|it|they)\b[^?]*\b(?:is|are)\s+(?:[a-z]+\s+)?related\s+to\s+(?:which|what)\b"
)
_RESEMBLES = re.compile(  # "what does this look like", "which wild animal does this dog look like"
    # "what does that make it look like": the look a feature the question names gives it
    r"\b(?:what|which)(?:\s+[\w-]+){0,2}?\s+(?:does|do|is|are)\s+(?:this|these|it|they|the|that)\b[\w\s,'’-]*"
    # "what does this galaxy look like, with its bright bulge and dust lane?"
    r"\b(?:look\s+like|resemble|mimic|imitate)(?:,\s+with\s+[^?]*)?$"
)  # "which insect does this fly mimic", "which insect is this fly said to resemble"
# "the leaves of this tree look rather like those of which other plant": a part likened to another's, asked
_LIKE_WHOSE = re.compile(
    r"\b(?:like|resembles?|resembling)\s+(?:those|that|the\s+[\w-]+)\s+of\s+(?:which|what)\b"
    # "the two dark patches … remind people of what?", "… make people think of what?"
    r"|\b(?:reminds?\s+(?:[\w-]+\s+)?of|makes?\s+(?:[\w-]+\s+)?think\s+of)\s+what$"
    # "the two dark patches in this nebula are said to resemble what?"
    r"|\b(?:resembles?|looks?\s+like)\s+what$"
)
# "shaped rather like another plant's. Which plant?": a part likened to that of a thing of the kind asked
_LIKE_ANOTHER = re.compile(
    r"\b(?:like|reminds?\s+(?:[a-z]+\s+)?of)\s+(?:that\s+of\s+|those\s+of\s+)?(?:another|a\s+different|some\s+other)\s+"
    r"([a-z]+?)(?:['’]s|s['’])?"
    r"(?=[\s.,;?!]|$)"
)
# "This marsupial is about the size of which farm animal?": the wh-phrase stays where a statement puts
# the answer, so the words before it lead up to the answer in an entry ("… about the size of a small goat").
_IN_SITU = re.compile(
    r"^(?!(?:what|which|who|whom|whose|where|when|why|how)\b)(.+?)\s+(?:which|what|whom)(?:\s+[\w-]+){0,3}"
    # "… separates Orla from which island group to its south": a side after the wh-phrase; "… conquered which
    # land in the 6th century BC": a time
    r"(?:\s+(?:to|in|on)\s+(?:its|the)\s+(?:north|south|east|west)\w*"
    r"|\s+(?:in|during|around)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:century|centuries|\d{3,4}s?)(?:\s+(?:bc|ad))?)?$"
)
# "What is this drum made of?", "what was this ship named after", "what kind of planet is it classified
# as": a preposition stranded at the end; the words between the verb and it lead up to the answer.
_STRANDED = re.compile(
    r"^(?:(?:what|which)\s+(?:kind|sort|type)\s+of\s+[\w-]+|what|which(?:\s+[\w-]+){1,2}?|whom?)"
    r"\s+(?:is|are|was|were|does|do|did)\s+"
    r"(.+\s(?:of|in|on|at|to|from|for|by|with|after|into|as))$"
    # "what jazz style was this trumpeter an exponent of": a noun of the relation stranded before "of"
    r"|^what(?:\s+[\w-]+){1,2}?\s+(?:is|are|was|were)\s+(.+\s[a-z]+\s+of)$"
)
# "Into which sea does the Ostra flow?": a preposition fronted with the wh-phrase; a statement puts it
# after the verb ("the Ostra flows … into the Caspian"). Not after a copula: in "in which hemisphere
# is the constellation that contains this cluster" the words before the preposition end a relative clause.
# "In which Australian state is that peninsula?": a place asked of a thing an earlier sentence describes,
# named by one noun, which its gloss states as "a peninsula in Queensland" (a copula and nothing after the
# noun: no relative clause; not "in which country is this waterfall", whose gloss may put a continent there)
_FRONTED_PLACE_OF = re.compile(
    r"^(in)\s+(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:is|are|was|were)\s+((?:that|those)\s+[a-z-]+)$"
)
# "at the northern border of which country does that region end": the phrase the preposition opens too
_FRONTED = re.compile(
    r"^((?:of|in|on|at|to|from|for|by|with|into|onto|through|across|under)(?:\s+the(?:\s+[\w-]+){1,3}?\s+of)?)"
    r"\s+(?:which|what)(?:\s+[\w-]+){0,2}?"
    r"\s+(?:does|do|did)\s+(.+)$"
)
# "In which country was this actress born?", "on which island is this harbor found?": a preposition fronted
# before a passive, which a statement puts after the participle ("… actress (born in Russia)"). Only with a
# participle at the end: "in which hemisphere is the constellation that contains this cluster" ends a
# relative clause.
_FRONTED_PASSIVE = re.compile(
    r"^(of|in|on|at|to|from|for|by|with|into|onto|through|across|under)"
    r"\s+(?:which|what)(?:\s+[\w-]+){0,2}?\s+(?:is|was|are|were)"
    r"\s+(.+\s(?:born|built|found|held|fought|laid|set|made|won|lost|kept|hung|struck|taught|brought|sent|"
    r"led|bred|written|drawn|taken|given|seen|known|begun|sung|beaten|hidden|[a-z]{2,}ed))$"
)
# "where does this river finally empty out?", "where does it end up draining into?": where a flow ends, which
# a statement puts after "into"
_WHERE_FLOWS = re.compile(
    r"^where\s+(?:does|do|did)\s+(.+?)\s+(?:(?:finally|eventually|ultimately)\s+|end\s+up\s+)?"
    r"(flow|flows|flowing|empty|empties|emptying|drain|drains|draining|discharge|discharges|discharging)"
    r"(?:\s+(?:out|in|into|to))?$"
)
# "Which dynasty did he establish?", "which kind of telescope did she perfect": the verb's object is asked;
# a statement puts it right after the verb ("he established the Ilkhan dynasty").
_OBJECT_ASKED = re.compile(
    r"^(?:what|which)(?:\s+(?:kind|sort|type)\s+of)?(?:\s+[\w-]+){0,2}?\s+(?:does|do|did)\s+(.+\s([a-z]+))$"
)
# "look like those of which animal": a pronoun standing in for the asked noun, which a statement drops
# ("leaves like a fern"); "the first to do what": "do" stands in for the verb asked ("… the first to
# circumnavigate the world").
_STAND_IN = re.compile(r"\s+(?:those|that|the\s+ones?)\s+of$|(?<=\bto)\s+do$")
# "what shape is …", "how is … built", "what colour is …" ask a part's look in a word; "what is … like",
# "how would you describe …" in a phrase with the part's noun.
# "what is distinctive about …", "what stands out about …" and "what sort of hind legs does this … have" ask
# it in a phrase too.
_PART_LOOK = re.compile(
    r"^(?:what\s+shape|how\s+(?:is|are)\b.*\b(?:built|shaped|formed|described)$|what\s+colou?r)"
    r"|^what\s+(?:is|are)\b.*\bshaped\s+like$"  # "what is its shell shaped like": "ear-shaped"
    r"|(?P<whole>^what\s+(?:is|are)\b.*\blike$|\bdescribe\b"
    r"|^what\s+is\s+(?:so\s+|really\s+|most\s+)?(?:distinctive|special|unusual|remarkable|notable|striking|odd)"
    r"\s+about\b|^what\s+stands\s+out\s+about\b"
    r"|^what\s+(?:sort|kind|type)s?\s+of\s+[a-z -]+\s+(?:does|do)\s+(?:the\s+[a-z]+\s+of\s+)?(?:this|these)\b"
    r".*\b(?:have|carry|bear|sport|grow)$)"
)
_POSSESSED_PART = re.compile(
    r"\b(?:this|these)\s+(?:[\w-]+\s+){0,2}?[\w-]+['’]s?\s+((?:[a-z-]+\s+)?[a-z]+)\b"
)
_LOOK_WORDS = word_set("like built shaped formed described look looks said")  # "… shell said to have"
_PROPERTY_NOUNS = word_set("shape form size colour color")  # "the shape of this fruit": a property, no part
_PROPERTY_ASKED = re.compile(
    r"^(?:what|which)\s+(?:two\s+|three\s+|main\s+)?(?:shape|colou?rs?|size|nationality)\b"
)
_DESCRIBE_SHAPE = re.compile(r"\bdescribe\s+the\s+shape\b")  # a shape is asked in a word: "down-bent"
# "the tail of this antelope", "the tail of the antelope in this picture", "the lips of fish like this one"
_PART_OF_THIS = re.compile(
    rf"\bthe\s+(?:[\w-]+\s+){{0,2}}?([a-z]+)\s+(?:of|on)\s+(?:this|these"
    rf"|the\s+(?:[\w-]+\s+){{0,3}}?[\w-]+\s+(?:in|on)\s+(?:this|the)\s+{_PICTURE}|[\w-]+\s+like\s+(?:this|these))\b"
)
# "the inside of this sea snail's shell": a side of a part, asked before the part it is of
_SUB_PART = re.compile(
    r"\bthe\s+(inside|interior|underside|outside|exterior|tip|rim|edge)\s+of\s+(?:this|these|its|their|the)\b"
)
# "what sort of hind legs does this marsupial have", "how are its walls built": the part is named where
# the asking clause names it.
_PART_ASKED = re.compile(
    r"^what\s+(?:sort|kind|type)s?\s+of\s+((?:[a-z-]+\s+)?[a-z]+)\s+(?:does|do)\b"
    r"|\b(?:its|their)\s+((?:[a-z-]+\s+)?[a-z]+)\b"
)
_WH_WORD = re.compile(r"\b(?:what|which|who|whom|whose|where|when|why|how)\b")
# "what date", "on what exact date", "which first day": a date asked, perhaps qualified
_WHICH_DATE = r"\b(?:what|which)\s+(?:(?:is|was)\s+the\s+)?(?:(?:first|last|exact|precise|specific|full)\s+)?"
# "on what date …", "around which day of the year …", "what's the last day …": a day, not a year
_ASKS_DATE = re.compile(
    rf"{_WHICH_DATE}(?:date|day)s?\b"
    r"|\b(?:what|which)\s+month\s+and\s+year\b"  # "in which month and year did it launch": "February 2015"
)
# "between which dates", "what's the date range", "over what span of dates", "from when to when": a range
# of days, answered whole ("April 20 to May 20")
_DATE_RANGE_ASKED = re.compile(
    r"\bbetween\s+(?:which|what)\s+dates\b|\bdate\s+range\b|\b(?:span|range)\s+of\s+dates\b"
    r"|\bfrom\s+when\s+to\s+when\b|\b(?:which|what)\s+dates\b"
)
# "what is the border area where … meet usually called": a name asked, not the measure a noun names
_CALLED_LAST = re.compile(r"\b(?:called|named|known\s+as)$")
_ASKING_VERB = re.compile(r"(?:give|name|state|tell|list|say)\b")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
# A sentence's end, or a colon, semicolon or dash closing a lead-in ("Thinking about where this animal lives:
# in which part …", "Speaking of Australia: Brisbane is …", "Neptune was the last planet it visited — how …",
# "Fruits like this grow around Borneo - which island group …", a hyphen set as a dash):
# no name runs across it; nor across ", but" before a question ("Tarn has one moon, but how many has Kell")
_LEAD_IN_BREAK = re.compile(r"(?<=[.!?:;])\s+|\s+[—–-]\s+|,\s+but\s+(?=(?:how|what|which|who|where|when)\b)")
# "Where in Europe …", "in which part of Australia …": a part of a region is asked
# "where in Europe", "which part of Asia"; "in what part of which continent", "which part of that state": a
# region the question names, or one it leaves to the evidence (group 1 empty)
WHERE_IN = re.compile(
    r"\b(?i:where\s+in|(?:which|what)\s+part\s+of)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    r"|\b(?i:(?:which|what)\s+part\s+of)\s+(?:which|what|the|that|this|its|their)\b(?!\s+world\b)"
)
# "This dense ball of stars — which cluster is it?", "… taller than any other living bird - what is it?",
# "… a plant-eater from African forests: which animal is in this picture?"
# "… related to fur seals, but what does it lack …?": a clause joined by "but" asks
# "…: in Greek myth, which monster …": a short phrase may open the clause; "…: into which ocean does …": so
# may a preposition fronted with the wh-word
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?])\s+|\s+[—–-]\s+"
    r"|(?:(?<=[:;])|,\s+but)\s+(?=(?:[a-z][a-z ]{0,30},\s+|(?:into|in|on|at|to|from|for|by|with|through)\s+)?"
    r"(?:what|which|who|where|when|how)\b)"
)
# "… of Kenya, the country where this animal lives", "… in Chile, where this bird breeds": a name the
# question then describes through the image, in apposition; or opens with ("Mexico, where this flower grows
# wild, became independent in 1810. From which country?").
_APPOSITION = re.compile(
    r"(?:(?<=\s)|^)([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*),\s+(?:the\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+)?"
    r"(?:that|which|where|whose|who)\b[^.?!]*\b(?:this|these)\b"
)
# "Edwin Hubble, the astronomer the telescope behind this picture honours, came from which country?": a name
# that opens the question, described by a relative clause without its pronoun
# ("Cape Canaveral, a launch site for rockets like this one, used to go by what name?")
_FRONT_APPOSITION = re.compile(
    r"^([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*),\s+(?:the|a|an)\s+[^.?!,]*\b(?:this|these)\b[^.?!,]*,\s"
)
# "… roam Arvia, which lies between Tarn and which sea?": a name whose relative clause holds the wh-word.
_ASKED_IN_RELATIVE = re.compile(
    r"\b([A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*),\s+(?:which|that|where|who)\b[^.?!,]*\b(?:which|what|whom)\s+"
    r"[\w-]+\??$"
)
# Words that set a thing aside ("besides the Omega Nebula", "apart from its usual binomial"), and the
# start of a name set aside or paired with the answer in a question as written ("Besides Cetus, which
# …", "which constellation, together with Bootes, …").
ASIDE_WORDS = r"besides|apart\s+from|aside\s+from|other\s+than"  # "besides X, which …": X set aside
BESIDE_A_NAME = rf"\b(?:(?i:{ASIDE_WORDS})|together\s+with|along\s+with)\s+"
# "another name for this nebula", "by what name is it also known", "besides the Omega Nebula, by what
# name …": a name of the image's thing other than its usual one (or the one the question gives).
_DESIGNATION_OF = r"['’]s\s+(?:[\w-]+\s+){0,2}designations?\b"  # "Betelgeuse's Greek-letter designation"
_OTHER_NAME = re.compile(
    r"\b(?:another|other|alternative|alternate|former|old|older|different|earlier|previous)\s+(?:[\w-]+\s+)?"
    r"(?:names?|designations?)\b|\bwhat\s+(?:[a-z]+\s+)?(?:is|are|was|were)\s+(?:the\s+)?[\w\s-]*\bknown\s+as$"
    r"|\bnames?\s+too\b"
    # "that region's Chinese name", "a plain English name": a name in a language, not a taxonomic one
    r"|\b(?!(?:scientific|taxonomic|botanic|zoologic|generic|specific|which|such|each|much|than|can)\b)"
    r"(?:[a-z]+(?:ese|ish|ian|an|ic|ch|eek)"
    r"|native|local|plain|official|formal)\s+names?\b"
    r"|\bnickname|\bcalled\s+before\b|\bgo(?:es)?\s+by\b[^?.]*\bname\b"
    rf"|{_DESIGNATION_OF}"
    # "what name does it go by in Eurasia", "under what name do restaurants sell it"
    r"|\bgo(?:es)?\s+by\s+in\s+(?!this\b|these\b)[a-z]|\bunder\s+(?:what|which)\s+"
    r"(?:(?!latin|scientific|taxonomic|binomial|botanical|zoological)[\w-]+\s+)?name\b"
    # "on a menu, what name would it go by", "the name you'd see for it on a restaurant menu", "if it turned
    # up on a menu, what would it be called"
    r"|\b(?:on|in)\s+(?:a|the)?\s*(?:restaurant\s+)?menus?\b[^?]*\b(?:name|called)\b"
    r"|\bname\b[^?]*\b(?:on|in)\s+(?:a|the)?\s*(?:restaurant\s+)?menus?\b"
    r"|\b(?:also|formerly|once|previously|sometimes|often|popularly|used\s+to\s+be)\s+(?:known(?!\s+for\b)|called|named)\b"
    rf"|\b(?:{ASIDE_WORDS})\b[^?]*(?<![\w-])(?:name|called|known(?!\s+for))\b"  # not "… known for": a deed
    r"|\bname\b[^?.]*\b(?:besides|also\s+(?:used|given|applied))\b"  # in one sentence
    r"|\bwhat\s+(?:is|are|was|were|do|does)\b[^?]*\bcalled\s+in\s+(?!this\b|these\b)[a-z]"
    # "what do they call it in Eurasia", "what do people in Europe and Asia call it": the name used there
    r"|\bwhat\s+(?:do|does|did|would)\b[^?]*\bcall\s+(?:it|this|them|these)\b[^?]*?\s+in\s+(?!this\b|these\b)[a-z]"
    r"|\bwhat\s+(?:do|does|did|would)\s+(?:people|they|folks|locals)\s+in\s+[a-z][\w\s]*?\bcall\b"
)  # "what is the Big Dipper usually called in Britain?": the name used there
# "What do the Tarnish usually call the Kell Plough?": another name of the named thing (not "what do
# astronomers call an asteroid whose orbit …", a kind defined in words)
_CALL_A_NAME = re.compile(
    r"\b(?i:what)\s+(?:do|does|did|would)\s+(?:the\s+)?[\w-]+(?:\s+people)?\s+"
    r"(?:usually\s+|commonly\s+|often\s+|normally\s+|generally\s+)?call\s+(?:the\s+)?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)
# "the full name of the general …", "the full official name of the nation …", "that country's formal name"
_FULL_NAME = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were)\s+(?:[\w'’-]+\s+){0,2}?(?:full|official|formal|complete)\s+"
    r"(?:official\s+)?names?\b|\bthe\s+(?:full|official|formal|complete)\s+(?:official\s+)?names?\s+of\b"
)  # not "the constellation that gives this cluster its full name"
# "Besides its familiar 'killer' name, …", "apart from its usual binomial, …": the name set aside.
_SET_ASIDE = re.compile(rf"\b(?:{ASIDE_WORDS})\s+([^,?]+)")
_ASIDE_QUALIFIED = re.compile(r"\s+(?:named|called|that|which|who|whose|he|she|it|they|for\s+which)\b")
_LEADING_ASIDE = re.compile(rf"^(?:{ASIDE_WORDS})\s+[^,?]+,\s*")
# "…, besides pioneering spectroscopy", "how was it found, if not by observation", "…, unlike the planets
# before it"
_TRAILING_ASIDE = re.compile(rf",\s*(?:(?:{ASIDE_WORDS})\s+|if\s+not\s+|unlike\s+)[^,?]+$")
_NAMES_SET_ASIDE = re.compile(BESIDE_A_NAME + r"(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")
# "Counting from Aries, which sign is Gemini?": where an order starts, no subject
_COUNTED_FROM = re.compile(
    r"\b(?:[Cc]ounting|[Ss]tarting|[Nn]umbering)\s+(?:out\s+)?(?:from|with|at)\s+(?:the\s+)?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)
# "between the South Pacific and which other ocean", "Gemini and what other sign": a name the answer
# stands beside
_NAME_AND_ASKED = re.compile(
    r"(?:[Bb]etween\s+)?(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s+and\s+(?:which|what)\b"
)
DEMONYM_SHAPE = re.compile(r"[A-Z][a-z]+(?:an|ian|ese|ish|ch|ic|eek)")  # "Greek", "Roman", "Dutch"
# "the country where this deer lives", "the sea this seal swims in": the thing asked about is another
_BRIDGE_OF_IMAGE = re.compile(
    r"\b(?:where|whose|which|that)\s+(?:this|these)\b|\b(?:this|these)\s+[\w-]+\s+(?:lives?|swims?|comes?)\b"
)
# A word the asked name contains: "which name with 'American' in it does this deer go by", "it isn't really
# a bear … which 'bear' is this", "which galaxy is this, by its Messier name" (a catalogue's or a person's
# name before "name", not a language's: "its Latin name", "its English name").
_NAME_WITH_WORD = re.compile(
    r"(?i:\bnames?\s+with\s+[`'‘\"“]?([\w-]+)[’'\"”]?\s+in\s+it\b"
    r"|\bwhich\s+[`'‘\"“]([\w-]+)[’'\"”]\s+(?:is|are)\s+(?:this|these|it|they)\b"
    # "which of them contains the word 'marmoset'", "a name that blends 'camel' and 'leopard'"
    r"|\b(?:contains?|containing|has|with)\s+the\s+word\s+[`'‘\"“]([\w-]+)[’'\"”]"
    r"|\bblends?\s+[`'‘\"“]([\w-]+)[’'\"”])"
    r"|\b(?:its|their|the)\s+(?!Latin\b)([A-Z][\w-]*(?<!an|ch|ic|sh|se|ek))\s+(?:name|designation|label)\b"
)
# A number or a designation asked of a thing that is numbered in a catalogue or a series: "what's the
# M-number of the galaxy shown", "which number comes after the name of this probe" — not "the number of
# moons".
# Not a number the question states ("the supernova remnant, number one in Messier's catalogue"), nor one
# offered beside the name asked first ("give its common name or catalogue number").
_NUMBER_ASKED = re.compile(
    r"\b(?:[a-z]-)?number\b(?!\s+of\s+(?!(?:this|these|that|the|its)\b))"
    r"(?!\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b)"
)
# "by its name or its number": not its number alone; "give its mission name and number": the whole
# numbered name
_NAME_OR_NUMBER = re.compile(r"\bname\s+(or|and)\s+(?:[\w-]+\s+)?number\b")
_DESIGNATION_ASKED = re.compile(
    r"\bdesignation\b|\b(?:catalogue|catalog)\s+(?:name|entry)\b"
    r"|\bentry\s+(?:in|of)\b[^?]*\b(?:catalogue|catalog|list)\b|\bin\s+[\w'’]+\s+numbering\b"
)
# "it is sometimes called a wapiti": a name the question gives in lower case
_SAID_CALLED = re.compile(
    r"\b(?:called|named|known\s+as)\s+(?:an?\s+)?(?!(?:in|by|on|at|after|for|the|what|which)\b)([a-z][\w-]*)\b"
)
_USUAL_NAME = re.compile(r"\b(?:more\s+|most\s+)?(?:common|usual|everyday|ordinary)\s+name\b")
_QUOTED = re.compile(r"['‘’\"“”]([\w -]+?)['‘’\"“”]")
_LATIN_FORM = re.compile(r"\b(?:latin|scientific|binomial|botanical|zoological|taxonomic)\b")
_HAS_A_RELATIVE = re.compile(
    r"\b(?:has|have|had|with)\s+an?\s+(?:[\w-]+\s+){0,2}?(?:neighbou?r|companion|counterpart|twin|sister|partner)\b"
)
# a person a sentence names by a role ("its patron goddess", "the ship's first captain"), whom the question
# then asks for by a pronoun
# the role named last before the question ("the goddess … had a twin brother" asks the brother)
_PERSON_CALLED_BACK = re.compile(
    r"^.*\b(?:its|his|her|their|the|an?)\s+(?:[a-z-]+\s+){0,2}?(god|goddess|founder|hero|heroine|king|queen|saint"
    r"|discoverer|namesake|captain|explorer|inventor|emperor|ruler|builder|architect)\b[^.?!]*[.!?]\s+"
    r"(?:who|which\s+[a-z]+)\s+(?:is|was)\s+(?:he|she)$"
)
_WHERE_CALLED = re.compile(r"^where\s+(?:is|are|was|were)\s+(.+?\s+(?:called|known\s+as|named)\s+.+)$")
_LIKENED_TO = re.compile(r"\s+(?:(?:often|usually|sometimes|commonly)\s+)?(?:compared|likened)\s+to$")
_IN_WHAT_WAY = re.compile(
    r"^(?!(?:what|which|how)\b)(.+?\s[a-z]+)\s+in\s+(?:what|which)\s+(?:way|manner|fashion)$"
)
_HOW_DONE = re.compile(
    r"^how\s+(?:is|was|are|were)\s+.+?\s+([a-z]+ed|found|made|built|known|seen|shown|drawn|written|worn|done)$"
)
_KNOWN_AS = re.compile(r"\b(?:known\s+as|called|named)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")
# "…, also called Burma, …"; "which historian is often called the father of archaeology": the name is given
_NAME_IN_PASSING = re.compile(
    # (", also called Burma,", ", the Chinese port also called Port Arthur,")
    r",\s+(?:(?:the|an?)\s+(?:[\w-]+\s+){0,3}?)?(?:also|formerly|once)\s+(?:called|known\s+as|named)\s+[^,?]+,"
    # "How long is the Tarn, often called the longest river of Orla?", "… capital, the sacred city once called
    # the Forbidden City?": a name given in passing at the end
    r"|,\s+(?:(?:the|an?)\s+(?:[\w-]+\s+){0,3}?)?(?:also|formerly|once|often|sometimes|commonly|popularly)\s+"
    r"(?:called|known\s+as|named)\s+"
    r"(?!(?:what|which|by|in|after|for)\b)[^,?]+$"
    r"|(?:^|[.?!]\s+)(?:which|who)\b[^.?!]*?\b(?:is|are|was|were)\s+(?:also|often|sometimes|popularly|once"
    r"|formerly)\s+(?:called|known\s+as|named)\s+(?!(?:what|which|by)\b)(?=\S)"
    # "The country that goes by that region's name became independent in which year?": a name that says
    # which thing is meant
    r"|\b(?:that|which|who)\s+(?:goes|go|went)\s+by\s+(?:the\s+|that\s+|its\s+)?(?:[\w'’-]+\s+){0,2}?names?\b"
)
# "what was the old name of Ethiopia", "what was this city formerly called": a name it no longer goes by
_FORMER_NAME = re.compile(
    r"\b(?:old|older|former|earlier|previous|historic|historical)\s+(?:[a-z]+\s+)?names?\b"
    r"|\b(?:formerly|previously|once|originally)\s+(?:called|known|named)\b"
    r"|\bused\s+to\s+(?:be\s+(?:called|known)|go\s+by)\b"
)
_INITIAL = re.compile(
    r"\b(?:beginning|starting|begins|starts)\s+with\s+(?:an?\s+|the\s+letter\s+)?['\"‘“]?([a-z])\b"
)
# "Betelgeuse's other designation", "another name for Betelgeuse", "Beijing, where this place is found, has
# gone by other names", "Beijing was once called": a thing named in the question whose other name is asked
_NAME_OWNER = re.compile(
    r"(?:^|(?<=[\s.]))([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    r"(?:['’]s\s+(?:[a-z]+\s+)?(?:other|another|alternative|alternate|former|old|older|earlier)\b"
    rf"|{_DESIGNATION_OF}"
    # "Rigel, one of the stars near it, goes by which other designation" — not "X goes by the name Y. Which …"
    r"|(?:,[^,?]+,)?\s+goes\s+by\s+(?:which|what)\b"
    r"|(?:,[^,?]+,)?\s+(?:has|had|is|was|have|used\s+to\s+be)\s+(?:also\s+|once\s+|formerly\s+|sometimes\s+)?"
    r"(?:gone\s+by|known|called|named|had\s+(?:other|another|several)))"
    r"|\b(?:another|other|alternative|alternate|former|old|older)\s+(?:[a-z]+\s+)?(?:names?|designations?)\s+"
    r"(?:for|of)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    # "what is the zodiac sign Sagittarius also known as", "what figure is Sagittarius known as"
    r"|\b(?:is|was)\s+(?:the\s+)?(?:[a-z]+\s+){0,3}?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s+(?:also\s+)?"
    r"(?:known|called)\s+as\s*\??$"
)
# Countries written as their initials ("in which US state"; "A UK post box"), and their names in full.
SPELLED_INITIALS = {"US": "United States", "USA": "United States", "UK": "United Kingdom"}
# Where a question asks the name used: "what do they call it in Eurasia", "what is it called in Britain",
# "what do people in Europe and Asia call it", "what name does it go by in Eurasia"
REGION_OF_NAME = re.compile(
    r"\b(?:call(?:ed)?|go(?:es)?\s+by)\s+(?:(?:it|this|them)\s+(?:[\w-]+\s+){0,3}?)?(?:over\s+)?in\s+(?:the\s+)?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    r"|\b(?:people|they|folks|locals)\s+in\s+(?:the\s+)?([A-Z][\w'’-]*(?:\s+(?:and|or)\s+[A-Z][\w'’-]*)?)\s+call\b"
)
_NAME_OF_IMAGE = re.compile(
    r"\b(?:is|are|was|were|for|to|does|do|did|call|calls|would|will)\s+(?:this|these)\b|\bnames?\s+for\s+(?:it|them)\b"
)
# "the name of the nation whose south-west is home to this wallaby": a name of a thing described through the
# image, not of the image's own
_NAME_OF_DESCRIBED = re.compile(r"\bnames?\s+of\s+the\s+(?:[\w-]+\s+){0,2}?(?:whose|that|which|where|who)\b")
# Words that frame a request for another name without saying anything of the name itself.
_NAME_FRAME = word_set("""
    name names nickname nicknames known called named given used applied also old older former formerly
    alternative alternate usual familiar common folk popular two-word one-word once still today best
    commonly usually widely often
""")
# Words that open a question without naming anything ("Name the …", "Besides the …").
_OPENERS = word_set(
    "name give identify tell list state say please besides apart aside counting"
    " speaking talking thinking regarding concerning"  # "Speaking of Australia: …": a topic, no name
)
_SINGULAR_VERB = re.compile(  # "Capella is …", "Mars orbits …"
    r"is|was|has|had|lies|lay|orbits|contains|stands|belongs|shines|flows|rises|sits|remains|appears|lives"
    r"|[a-z]{2,}ed"  # "Poseidon ruled the sea …"
)
# "The planet is …", "That island is made up of …", "The falls lie …": an asking sentence whose subject
# is a thing an earlier sentence named.
# ("That range extends from British Columbia down to where?": a verb of its own)
_OPENING_CALLBACK = re.compile(
    r"^(?:the|that|this)\s+([a-z]+)\s+(?:is|are|was|were|lies|lie|has|have|extends|runs|stretches|flows)\b"
)
_PRONOUN_SUBJECT = re.compile(r"\b(?:does|do|did|is|was|are|were)\s+(?:it|they)\b")  # "does it lie"
_PERSONAL = re.compile(r"\b(?:he|she|him|her|his|hers)\b")
_PERSONAL_PRONOUN = re.compile(r"\b(?:he|she|him)\b")  # a person not named again, not a possessive
_PERSONAL_SUBJECT = re.compile(r"\b(?:does|do|did|is|was|has|had)\s+(?:he|she)\b")  # "did he come from"
_REFERS_BACK = re.compile(r"\b(?:that|those|it|its|they|their|there)\b")
_ITS = re.compile(r"\bits\b")
# "I saw this wild dog on a trip.", "We snapped this one in a park!", "I'm drinking this coffee right now.",
# "My neighbour grows these showy blooms.": a sentence of the asker's own, which tells how the picture came
# about, not what is asked
_MY_SCENE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:i|we|i['’]m|i['’]ve|we['’]re|we['’]ve|my\s+[a-z]+|our\s+[a-z]+)\s+[^.!?:;]*[.!;]\s*"
)
# "Which supernova remnant, number one in Messier's catalogue, is this?": a description set off by commas
# before the verb of a question about what is shown, which says nothing of what is asked
_APPOSITION_ASIDE = re.compile(r",\s+[^,?]+,\s+(?=(?:is|are)\s+(?:this|these|it|shown|pictured)\b)")
# "this male belongs to which species of peafowl", "which species of peafowl does this bird belong to": the
# species (or variety) of what is shown is asked
_SPECIES_OF_SHOWN = re.compile(
    r"^(?:this|these)\b[^.?!]*\bbelongs?\s+to\s+(?:which|what)\s+(?:species|variety|breed|cultivar)\s+of\b"
    r"|^(?:which|what)\s+(?:[\w-]+\s+)?(?:species|variety|breed|cultivar)(?:\s+of\s+[\w-]+)?\s+(?:does|do)\s+"
    r"(?:this|these)\b"
    r"[^.?!]*\bbelong(?:\s+to)?$"
)
# "… is in this cup", "… is in this little cup", "… are on this plate": the pictured thing holds what is asked
# "… is in this cup", "… is being served in this little cup" (not "what sort of primate is shown in this
# photo": the image, no container)
_HELD_IN_IMAGE = re.compile(
    r"\b(?:is|are)\s+(?:being\s+)?(?:(?:served|poured)\s+)?(?:in|on|inside)\s+(?:this|these)"
    r"(?:\s+[a-z-]+){1,3}\s*$"
)
# "Which coffee drink, made by …, is in this cup?": a thing of no place's or person's kind that the pictured
# thing holds (not "which country's flag is on this stamp")
_WHICH_HELD = re.compile(
    rf"(?:which|what)\s+(?:[a-z-]+\s+)?(?!(?:{_KIND_NOUNS})\b)[a-z-]+(?:,|\s+(?:is|are)\b)"
)
# "… — the woman who later became the first …": a noun phrase after a dash, describing what is asked
_APPENDED_DESCRIPTION = re.compile(r"(?:the|a|an)\s+[^?]*$")
# ", which city is the capital": the wh-clause after a fronted description ("In the country where …, …").
_CLAUSE_END = re.compile(r",\s*(?=(?:what|which|who|where|when|how)\b)")


@dataclass(frozen=True)
class NameAsked:
    """What a question asking for another name of a thing says of that name: "Besides its familiar
    'killer' name, what name likening it to a land predator is this whale given?" → hint "likening land
    predator", set aside ("killer",), a common name (not Latin)."""

    hint: str = ""  # the words describing the name asked, to choose among several
    latin: bool = False  # a Latin (scientific) name is asked, not a common one
    set_aside: tuple[str, ...] = ()  # quoted words of the name the question sets aside
    usual_latin_aside: bool = False  # "apart from its usual binomial": the first Latin name is set aside
    # "… is also used for this galaxy", "what is this antelope also called": the name is the image's own
    # thing's, even when the question describes another ("honouring the astronomer who found it")
    of_image: bool = False
    initial: str = ""  # "another official name beginning with B": the letter the name begins with
    # "which name with 'American' in it", "which 'bear' is this", "by its Messier name": a word of the name
    containing: str = ""
    full: bool = False  # "the full name", "the official name": the longest name its entry lists
    former: bool = False  # "the old name of …", "formerly called": the name its entry says it once had
    # "This deer is sometimes called a wapiti. What is its more common name?": the names the question gives
    # in lower case, and whether the usual name is asked (the title answers)
    said: tuple[str, ...] = ()
    usual: bool = False
    # "What is Betelgeuse's other designation?", "Beijing, where this is found, has gone by other names":
    # the thing the question names whose name is asked, not what is shown
    owner: str = ""


@dataclass(frozen=True)
class QuestionShape:
    """The parts of a question the extractive operators read."""

    text: str
    answer_type: AnswerType
    type_noun: str | None = None  # "capital", "country", "star" — the kind of thing asked for
    reference: str = ""  # what the image shows, as the question calls it: "tree frog", "person"
    attribute: list[str] = field(default_factory=list)  # content words of what is asked
    named: list[str] = field(default_factory=list)  # names the question itself mentions
    # "which star in Orion is also known as Alpha Orionis?" → "Alpha Orionis": the name whose bearer is asked
    borne_name: str = ""
    names: list[str] = field(default_factory=list)  # the same as whole spans ("Ursa Major"): `named_entities`
    year_role: Literal["start", "end"] | None = None  # born → first year of a range, died → last
    asks_date: bool = False  # "on what date …": a whole date ("March 3, 1921") when a gloss gives one
    asks_date_range: bool = False  # "between which dates …": "April 20 to May 20"
    # "how does that ocean rank in size": a rank stated by a superlative, and the superlatives of the
    # dimension it is by ("largest smallest biggest"; "" for any)
    rank_by: str | None = None
    bridge: str = ""  # a thing the question describes through the image ("the country where this … lives")
    asked: list[str] = field(default_factory=list)  # attribute words outside the bridge's description
    outer: list[str] = field(default_factory=list)  # descriptions around the bridge's ("the empress who …")
    measured: str = ""  # the quantity asked for, when it is a measure ("far", "tall", "temperature")
    described: list[str] = field(default_factory=list)  # content words of the bridge's description
    predicate: str = ""  # the verb (and preposition) whose object is asked: "feed on", "eat"
    acting: str = ""  # the stem of the verb whose doer is asked: "what divides this nebula" → "divid"
    # The entity the question asks about by name even though it points at the image (`named_subject`).
    subject: str = ""
    # "by what other name is this galaxy known?": a name besides the usual one, and what is said of it
    name_asked: NameAsked | None = None
    kind_of: str = ""  # "what kind of seas …", "what type of galaxy is this": a kind of this noun is asked
    # "which philosophical movement", "which art movement": the word that narrows the kind asked
    narrowed_by: str = ""
    # "to which group of birds does this bird belong", "is a kind of which primate": the kind the image's
    # thing is one of, as its entry's definition names it
    asks_group: bool = False
    asks_occupation: bool = False  # a person's occupation: "what did she do for a living?"
    named_unit: str = ""  # the unit the number is asked in: "how many square miles", "…, in degrees"
    before_answer: str = ""  # the words a statement puts right before the answer: `lead_up`
    part: str = ""  # a part of the image's thing whose look is asked: "what is this rodent's tail like"
    part_whole: bool = False  # answered with the part's noun too ("broad flat tail"), not "down-bent" alone
    choices: list[str] = field(default_factory=list)  # options the question lists: `offered_choices`
    # "under which number did Messier list this nebula" → "number" (the digits of a numbered name, "Messier
    # 17" → 17); "which entry in Messier's catalogue is this", "under what designation" → "name" (the whole)
    numbered: Literal["number", "name", ""] = ""
    # "which two constellations border it", "which oceans lie around it": more than one thing is asked,
    # answered by the names a line lists together ("Leo and Gemini")
    asks_several: bool = False
    # "what kind of coffee is in this cup": the kind of what the pictured thing holds is asked, which its own
    # name says (a drink, a dish: no individual whose kind its entry would give)
    held: bool = False
    # The entity the reader's chain found for the bridge, which a relation asked of the described bridge is
    # of ("Who was that goddess's husband?"): set by the reader once the chain is known, "" before.
    bridge_entity: str = ""

    @property
    def bridges(self) -> list[str]:
        """The described things from the image outwards: "the king who rebuilt the castle around this
        tower" → ["castle", "king"] (a description that fits the image's own entity is skipped later)."""
        return [b for b in [self.bridge, *self.outer] if b]

    @property
    def other_name(self) -> bool:
        return self.name_asked is not None

    @property
    def points_at_image(self) -> bool:
        """Whether the question refers to the image at all ("this bird", "the man in the picture", "shown
        here"); "What is the capital of Costa Rica?" does not, whatever image comes with it."""
        return bool(_POINTING.search(self.text.lower()))

    @property
    def measure(self) -> bool:
        """Whether a number with a unit is asked for ("how far …", "what is the temperature …")."""
        return bool(self.measured)

    @property
    def asks_identity(self) -> bool:
        return self.answer_type == "identity"

    def attribute_text(self) -> str:
        """The attribute as a short phrase for queries ("capital country lives")."""
        return " ".join(self.attribute)

    def asked_of_subject(self) -> str:
        """What the asking sentence asks of the entity it names, without the scene an earlier sentence
        sets: "Earth has one moon like this. Which is the larger of the two moons of Ulmo?" →
        "larger two moons"."""
        return " ".join(asked_of(self.subject, as_question(self.text.lower().rstrip("?. ")), self.reference))

    def asked_text(self) -> str:
        """What is asked of the bridge, as a short phrase ("capital" for the capital of the country
        where this dog lives); the whole attribute when the question has no bridge."""
        return " ".join(w for w in self.asked if w not in RELATION_WORDS) or self.attribute_text()

    def names_about(self) -> list[str]:
        """The names the question gives, less one that only qualifies the asked kind of a question about a
        bridge ("… a computer named after a university. In which US state is that university?"): the
        question is about the university, not the United States."""
        return [n for n in self.names if not (self.bridge and qualifies_asked(n, self.text))]


# Initials written with full stops ("U.S.", "U.K."), which would read as one-letter words and end a sentence
_INITIAL_DOTS = re.compile(r"\b(?:[A-Z]\.){2,}")


def undotted(initials: re.Match[str]) -> str:
    """ "U.S." → "US"."""
    return initials.group().replace(".", "")


# "which star in Orion is also known as Alpha Orionis": the thing that bears a name the question gives
# "which city is that region's capital, the sacred city once called the Forbidden City?": a name given in
# apposition to what is asked
_BEARS_NAME = re.compile(
    r"^(?i:which|what)\b[^?]*?(?:\b(?:is|are|was|were)\s+(?:also\s+|often\s+|sometimes\s+)?"
    r"|,\s+(?i:the\s+)?(?:[\w-]+\s+){0,3}?(?:once|formerly|also)\s+)(?:known\s+as|called)\s+"
    r"(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s*\??$"
)


def name_borne(text: str) -> str:
    """The name whose bearer a "which X is also known as <name>?" question asks; "" for another question."""
    given = _BEARS_NAME.search(asking_clause(text))
    return given.group(1) if given else ""


# "… shares its name with Japan's highest peak. What is that name?": the name of what is shown, asked back
_SHARES_ITS_NAME = re.compile(r"\b(?:shares?|bears?)\s+(?:its|their|a|the\s+same)\s+name\s+with\b")
_THAT_NAME = re.compile(r"(?:what|which)\s+(?:is|was)\s+(?:that|the|this)\s+(?:shared\s+|common\s+)?name")


def read_question(question: str) -> QuestionShape:
    """Parse `question` into its `QuestionShape`."""
    text = _SPOKEN_ASIDE.sub(
        "",
        _REPLY_FORMAT.sub(
            "",
            _WHEN_IN_FORM.sub(
                r"in which month and year \1?",
                _INITIAL_DOTS.sub(undotted, _SOURCE_ASIDE.sub("", " ".join(question.split()))),
            ),
        ),
    )
    text = plain_idioms(text)
    for read_back in _READ_BACK:
        text = read_back(text)
    lower = as_question(text.lower().rstrip("?. "))
    reference = image_reference(lower)
    answer_type, type_noun = expected_type(asked_sentence(_APPOSITION_ASIDE.sub(" ", lower)))
    if _ASKS_IT_BACK.fullmatch(asking_clause(lower)) and (
        expected_type(lower)[0] == "scientific_name" or RECORD_ASKED.search(lower)
    ):
        # "Biologists have a two-part Latin name for this animal. What is it?": the name just introduced;
        # "This creature holds a size record among rodents. What is it?": the record
        answer_type, type_noun = expected_type(lower)
    if answer_type == "named" and _SPECIES_OF_SHOWN.search(lower):
        answer_type, type_noun = "identity", None  # "this showy male belongs to which species of peafowl?"
    held = bool((_kind_of(lower) or _WHICH_HELD.match(lower)) and _HELD_IN_IMAGE.search(lower))
    if answer_type == "named" and held:
        # "What kind of coffee is in this cup?": what the pictured thing holds is what the image is of
        answer_type, type_noun = "identity", None
    own_names = [name.lower() for name in names_of_image(text)]
    if answer_type == "named" and any(_asks_what_is(asking_clause(lower), name) for name in own_names):
        answer_type, type_noun = "identity", None  # "People call this fish George. What species is George?"
    subject = named_subject(text)
    subject = "" if subject in names_of_image(text) else subject  # "this fish goes by the name George"
    if subject and subject == region_of_name(text):
        subject = ""  # "What do people call it in Eurasia?": where a name is used, not what is named
    if subject and qualifies_asked(subject, text):
        subject = ""  # "In which US state is that launch site?": the name qualifies the kind asked
    given = [subject] if subject else named_entities(text)  # "called in Britain" keeps Britain in the hint
    # "On which bay does Myanmar, also called Burma, lie?": a name given in passing asks for none
    name_word = _NAME_WITH_WORD.search(text)
    called_by = _CALL_A_NAME.search(text)
    asks_name = (
        (_OTHER_NAME.search(_NAME_IN_PASSING.sub(" ", lower)) and not name_stated_before(lower))
        or name_word
        or _FULL_NAME.search(lower)
        or called_by
    )
    name_asked = name_request(lower, given) if asks_name else None
    owner = (called_by or _NAME_OWNER.search(text)) if name_asked and not name_asked.of_image else None
    if name_asked and owner:
        name_asked = replace(name_asked, owner=next(name for name in owner.groups() if name))
    if name_asked and name_word:
        # "an older word for this animal blends 'camel' and …": a word of a name of what is shown
        of_image = name_asked.of_image or not _BRIDGE_OF_IMAGE.search(lower)
        name_asked = replace(
            name_asked, containing=next(w for w in name_word.groups() if w).lower(), of_image=of_image
        )
    known_as = _KNOWN_AS.search(text) if name_asked and not subject else None
    subject = known_as.group(1) if known_as else subject  # "a peak … also known as Samanala. Its usual name?"
    likened = bool(_RESEMBLES.search(asking_clause(lower)))  # "which insect is this fly said to resemble"
    if name_asked or (
        answer_type == "named"
        and not likened
        and (asks_only_what_is_shown(lower, reference, type_noun) or names_what_is_shown(lower))
    ):
        answer_type, type_noun = "identity", None
    person = _PERSON_CALLED_BACK.search(lower) if answer_type in ("identity", "person") else None
    if person and not name_asked:  # "Tarn was named after its patron goddess. Who is she?": the goddess
        answer_type, type_noun = "named", person.group(1)
    if answer_type == "identity" and not _POINTING.search(lower) and _HAS_A_RELATIVE.search(lower):
        # "Dorado and Carina have a small neighbour … Which constellation is it?": "it" is the neighbour
        answer_type, type_noun = "named", asked_noun(asking_clause(lower))
    if answer_type == "identity" and not name_asked and either_or(lower):
        answer_type, type_noun = "named", None  # "Is it a large or a small constellation?": one of two words
    introduced = _THERE_IS_A.search(lower) if answer_type == "identity" and not name_asked else None
    if introduced and _BARE_IT.match(_CLAUSE_BREAK.split(text)[-1]):
        # "In the Andes there's an Inca fortress city found in 1911. What is it called?": "it" is that city
        answer_type, type_noun = "named", singular(introduced.group(1))
    clause = asking_clause(lower)
    that_one = _THAT_ONE.match(clause) if answer_type == "identity" and not name_asked else None
    noun = singular(that_one.group(1) or that_one.group(2)) if that_one else ""
    if noun and noun not in reference.split() and re.search(rf"{noun}s?\b", lower[: lower.rfind(clause)]):
        # "… in a constellation that turns around one particular star. Which star is that?": the star the
        # statement describes, not what the image shows ("another headstream … which stream is that")
        answer_type, type_noun = "named", noun
    it_one = _WHICH_IS_IT.match(clause) if answer_type == "identity" and not name_asked else None
    one_of_kind = (
        r"(?:(?:^|[.!?]\s+)an?|(?<!\bis\s)\b(?:one|a\s+certain|a\s+particular))\s+(?:[\w-]+\s+){0,3}"
    )
    if it_one and re.search(rf"{one_of_kind}{it_one.group(1)}\b", lower):
        # "A famous supergiant star also belongs to the constellation around this nebula. Which star is it?",
        # "This wallaby is most common on one island off Orla. Which island is it?": the one the statement
        # introduces, not what the image shows
        answer_type, type_noun = "named", singular(it_one.group(1))
    several_back = _SEVERAL_THEN_WHICH.search(lower) if not type_noun else None
    if several_back:  # "Two rivers meet at this city. Which ones?": the kind the sentence before counts
        answer_type, type_noun = "named", singular(several_back.group(1))
    last_one = _ENDS_WITH_A_KIND.search(lower) if not type_noun and _WHICH_ONE.match(clause) else None
    if last_one:  # "… was killed by a goddess. Which one?": one of the kind the sentence before ends with
        answer_type, type_noun = "named", singular(last_one.group(1))
    # (not "… have a famous nickname. What is it?", which asks the nickname itself)
    asks_one = (
        not type_noun and not last_one and _JUST_WHICH_ONE.match(clause) and not RECORD_HELD.search(lower)
    )
    introduced = introduced_kind(lower) if asks_one else ""
    if introduced:  # "This pontiff cast an English monarch out of the Church. Which one?": a monarch
        answer_type, type_noun = "named", singular(introduced)
    if last_one and RECORD_HELD.search(lower):  # "… holds a size record. Which one?": the record
        answer_type, type_noun = "ordinal", None
    doing = _SOMETHING_DOING.search(lower) if answer_type == "identity" and not name_asked else None
    doing = doing if doing and _BARE_IT.match(_SENTENCE_BREAK.split(text)[-1]) else None
    if doing:  # "This remnant has something spinning at its centre. What is it?": that something
        answer_type, type_noun = "named", None
    if _SHARES_ITS_NAME.search(lower) and _THAT_NAME.fullmatch(asking_clause(lower)):
        # "This apple variety shares its name with Japan's highest peak. What is that name?": its own name
        answer_type, type_noun = "identity", None
    if answer_type == "identity" and (not name_asked or name_asked.of_image) and _POINTING.search(lower):
        subject = ""  # "The woman in this shot was a Navy admiral. Who is she?": she is the one shown
    # "the person in this portrait" → "this person", so descriptions around it read like any other
    plain = _REFERENCE_IN.sub(lambda m: f"this {m.group(1)}", lower)
    if not _POINTING.search(asking_clause(_MY_SCENE.sub("", plain))):
        # "Looking at this glowing cloud, I wondered: what's the brightest star of the constellation it lies
        # in?": the asking clause's "it" is the thing an earlier clause points at — or the image's thing
        # where none does ("Cute, right? What's the capital of the country it comes from?")
        plain = _IT_SITUATED.sub(f"this {reference or 'one'} ", plain)
        plain = _ITS_KIND.sub(rf"\1 this {reference or 'one'}'s ", plain)
    if type_noun:  # "… flanks the one where this galaxy is found": the one is of the kind asked
        plain = re.sub(
            r"\bthe\s+((?:[a-z]+\s+){0,2})one\s+(?=where|that|which|in\s+which|containing|holding)",
            rf"the \1{type_noun} ",
            plain,
        )
    bridge, (start, end) = bridge_description(plain, reference, type_noun)
    if (
        type_noun
        and type_noun in bridge.split()
        and re.search(rf"\b(what|which)\s+(is|are|was|were)\s+the\s+(?:[\w-]+\s+)*?{type_noun}\b", lower)
    ):
        bridge, (start, end) = (
            "",
            (len(lower), len(lower)),
        )  # "what are the bright arcs around this galaxy called": the kind asked is the thing shown's part
    role = role_of_shown_asked(lower, bridge) if bridge else ""
    if role:  # "which city serves as the capital of the country shown here?": the role is what is asked
        bridge, (start, end) = "", (len(lower), len(lower))
        if answer_type == "identity":  # "what is the capital of the country shown on this map?"
            answer_type, type_noun = "named", role
    names_described = _NAMES_THAT.match(asking_clause(lower)) or _NAME_GIVEN_TO.search(asking_clause(lower))
    if bridge and names_described and not (name_asked and not name_asked.of_image):
        # "… a smooth basin. What is that basin called?", "what name is given to the dark columns of gas in
        # this nebula": the thing described is the one whose name is asked — but "… lifted off from a spot
        # on the coast. What was that place formerly called?" asks another name of the bridge
        bridge, (start, end) = "", (len(lower), len(lower))
    attribute = [] if answer_type == "identity" else asked_words(_MY_SCENE.sub("", lower), reference)
    outside = set(asked_words(plain[:start] + " " + plain[end:], reference, relations=True))
    if subject and not demonym_adjective(subject, text):  # not "… that goddess's counterpart in Greek myth"
        # "the capital of Kenya, the country where this animal lives": the bridge is named; "Corinth was one
        # of the city-states that struck coins like this. Which god is Corinth named after?": the asking
        # sentence names what it asks about, and the scene sentence's description leads nowhere
        bridge = ""
    # what is asked of a named subject is in the sentence that asks, not in the scene set before it
    of_subject = set(asked_of(subject, lower, reference)) if subject else set(attribute)
    said_or_famed = bool(_SAID_OR_FAMED.match(asking_clause(lower)))
    predicate = _predicate(lower) if answer_type == "named" or said_or_famed else ""
    if said_or_famed and predicate:
        answer_type, type_noun = "named", None  # "what structures is it famous for building": what it builds
    if type_noun and predicate not in (RESEMBLE, RELATED) and type_noun not in _OBJECT_NOUNS:
        predicate = ""  # "which city does this river flow through": the kind asked, not the verb's object
    if predicate and type_noun == "else":
        type_noun = None  # "apart from dams, what else do they construct": no kind is named
    part, part_whole = asked_part(lower) if answer_type in ("named", "colour") else ("", False)
    acting = acting_verb(asking_clause(lower)) if answer_type == "named" else ""
    acting = acting or (doing_stem(doing) if doing else "")
    type_noun = None if acting else type_noun  # "what divides this nebula": no kind of answer is named
    if part:
        bridge = ""  # "the tough outer rind of this fruit" is the fruit's own part, no other entity
    date_range = bool(_DATE_RANGE_ASKED.search(lower))
    return QuestionShape(
        text=text,
        answer_type=answer_type,
        type_noun=type_noun,
        reference=reference,
        attribute=attribute,
        named=question_names(text),
        borne_name=name_borne(text),
        names=named_entities(text),
        year_role=year_role(lower),
        rank_by=rank_by(lower) if answer_type == "ordinal" else None,
        asks_date=bool(_ASKS_DATE.search(lower)) or date_range,
        asks_date_range=date_range,
        bridge=bridge,
        outer=outer_descriptions(plain, bridge, start),
        described=asked_words(plain[start:end], reference) if bridge else [],
        asked=[
            w
            for w in attribute
            if w in outside and w in of_subject and (w == type_noun or w not in bridge.split())
        ]
        + [w for w in outside if w in RELATION_WORDS],
        measured=_measured(lower),
        predicate=predicate,
        acting=acting,
        subject=subject,
        name_asked=name_asked,
        kind_of=_kind_of(lower),
        narrowed_by=narrowing_word(lower, type_noun) if answer_type == "named" else "",
        held=held,
        asks_group=bool(_GROUP_ASKED.search(lower)),
        asks_occupation=bool(_OCCUPATION_ASKED.search(lower)),
        part=part,
        part_whole=part_whole,
        named_unit=named_unit(lower),
        choices=offered_choices(lower) if answer_type == "named" else [],
        numbered=numbered_ask(lower),
        asks_several=asks_several(lower, type_noun),
        # a verb's object says it whole
        before_answer="" if predicate else lead_up(_TRAILING_ASIDE.sub("", asking_clause(lower))),
    )


def asks_several(lower: str, type_noun: str | None) -> bool:
    """Whether the question asks for two or more things: "which two …", "between which two others",
    "name the two constellations near …", or the asked kind in the plural ("which constellations flank
    it"; not "how many moons", whose answer is one number, nor "which of its moons")."""
    if _TWO_ASKED.search(lower) or _SEVERAL_THEN_WHICH.search(lower):
        return True
    plural = re.search(r"\b(?:which|what)\s+(?:[a-z-]+\s+)?([a-z]+s)\b(?!\s+of\b)", asking_clause(lower))
    word = plural.group(1) if plural else ""
    if not type_noun or not word:
        return False
    # a kind of no known kind in the plural ("which ancient epics …"), not a word that only looks plural
    unknown_plural = word == type_noun and singular(word) != word and word not in _NOT_PLURALS
    return unknown_plural or word != type_noun and kind_word(word) == type_noun


_NOT_PLURALS = word_set("""
    physics politics economics mathematics athletics ethics genetics linguistics statistics electronics
    mechanics optics acoustics news series species means gas bus
""")


MIN_ASKING_WORDS = 3  # "Which one?", "What is it?" ask what the sentence before names


def region_of_name(text: str) -> str:
    """The region a question asks the name used in ("what do people call it in Eurasia?" → "Eurasia"); ""
    when it asks none."""
    asked = REGION_OF_NAME.search(text)
    return next((group for group in asked.groups() if group), "") if asked else ""


def name_stated_before(lower: str) -> bool:
    """Whether a name the question gives is stated in a sentence before one that asks something else:
    "The walrus is sometimes called a sea horse too. What are its tusks made of?" asks no name; "This
    animal also goes by a name that calls it a horse. What is it?" and "… Which one?" do."""
    *scene, asking = _SENTENCE_BREAK.split(lower)
    return bool(
        scene
        and not _OTHER_NAME.search(asking)
        and not re.search(r"\b(?:names?|called|known|nicknamed?)\b", asking)  # "what is its usual name"
        and not _BARE_IT.match(asking)
        and len(asking.split()) > MIN_ASKING_WORDS
        and _WH_WORD.search(asking)
    )


def numbered_ask(lower: str) -> Literal["number", "name", ""]:
    """Whether a question asks the number of a numbered name ("number"), the numbered name itself ("name")
    or neither ("")."""
    if (
        _NUMBER_ASKED.search(lower)
        and not re.search(r"\bhow\s+many\b", lower)
        and not _NAME_OR_NUMBER.search(lower)
    ):
        return "number"
    both = _NAME_OR_NUMBER.search(lower)
    return "name" if _DESIGNATION_ASKED.search(lower) or (both and both.group(1) == "and") else ""


# "which two …", "name the two …" (read as "what is the two …"), "what are its two …"
_TWO_ASKED = re.compile(
    r"\b(?:which|what|name)\s+(?:(?:is|are|were)\s+)?(?:(?:the|its|their)\s+)?(?:[a-z-]+\s+)?two\b(?!\s+of\b)"
)
# "Two rivers meet at this city. Which ones?", "… squeezed between two countries. Which are they?": the
# things a sentence counts, asked back in the plural
_SEVERAL_THEN_WHICH = re.compile(
    r"\b(?:two|three|both)\s+(?:[a-z-]+\s+)?([a-z]+s)\b[^.!?]*[.!?]\s+"
    r"(?:(?:which|what)\s+(?:ones|two|three|are\s+they|were\s+they)|name\s+them)\W*$"
)
# "What is it called?", "Which city is that?": a question that asks only what "it" is.
_BARE_IT = re.compile(
    r"^(?:what|which)(?:\s+[a-z]+)?\s+(?:is|was)\s+(?:it|that)(?:\s+called)?\s*[?.]?$", re.IGNORECASE
)
# "which star is that", "what's that star": a thing of a kind an earlier sentence describes
_WHICH_IS_IT = re.compile(r"^(?:which|what)\s+([a-z]+)\s+is\s+it$")
# (not "… sits between Kestrin and a fainter constellation. Which one?", the other of a pair, nor "… holds a
# record among rodents. Which one?", the record)
_ENDS_WITH_A_KIND = re.compile(
    r"(?<!\band\s)\ban?\s+(?:(?!(?:among|of|in|on|at|from|with|by|for|to)\b)[a-z-]+\s+){0,2}?([a-z]+)\s*[.!?]\s+"
    r"(?:which|what)\s+one\W*$"
)
_JUST_WHICH_ONE = re.compile(r"^which\s+one$")
_INDEFINITE_RUN = re.compile(r"(?<!\band\s)\ban?\s+((?:[a-z-]+\s+){0,2}[a-z-]+)")


def introduced_kind(lower: str) -> str:
    """The noun of the last thing the sentence before a bare "which one?" introduces with "a"/"an" where it
    does not end that sentence ("… cast an English monarch out of the Church. Which one?" → "monarch"); ""
    when it introduces none."""
    sentences = _SENTENCE_BREAK.split(lower)
    for run in reversed(_INDEFINITE_RUN.findall(sentences[-2] if len(sentences) > 1 else "")):
        words = list(itertools.takewhile(lambda w: w not in NOUN_PHRASE_ENDS, run.split()))
        nouns = [w for w in words if is_noun(w)]
        if nouns:
            return nouns[-1]
    return ""


_THAT_ONE = re.compile(r"^(?:which|what)\s+([a-z]+)\s+is\s+that$|^what\s+is\s+that\s+([a-z]+)$")
# "there's an Inca fortress city that …", "there's a Pacific island group known for …", "there's a bright
# star in the same constellation as this cloud", "there's a star cluster sharing …": a thing a sentence
# introduces, and its noun
_THERE_IS_A = re.compile(
    r"\bthere(?:['’]s|\s+is|\s+was)\s+an?\s+(?:[\w-]+\s+){0,4}?([a-z]+)"
    r"(?=\s+(?:that|which|who|known|called|named|where|found|discovered|in|on|near|inside|within|[a-z]+ing)\b"
    r"|\s*[.,;])"
)
# "Uruguay's capital …", "… in Austria's capital on the Danube", "The capital of Iceland …": a thing
# named by its relation to a named entity.
_POSSESSED = re.compile(
    r"\b(?P<owner>(?:[A-Z][\w-]*\s+)*[A-Z][\w-]*)['’]s\s+(?P<noun>[a-z]+)\b"
    r"|\b[Tt]he\s+(?P<noun2>[a-z]+)\s+of\s+(?P<owner2>(?:[A-Z][\w-]*\s+)*[A-Z][\w-]*)"
)


# "Who was she?", "What was his name?": a question that asks only who a person an earlier sentence
# introduces is
_BARE_WHO = re.compile(
    r"^(?:who\s+(?:was|is)\s+(?:she|he)|what\s+(?:was|is)\s+(?:her|his)\s+name)\s*[?.]?$", re.IGNORECASE
)
# "the god Apollo had a twin sister": a person introduced by kin to a named one
_HAD_KIN = re.compile(
    r"\b(?P<owner>(?:[A-Z][\w-]*\s+)*[A-Z][\w-]*)\s+(?:had|has)\s+an?\s+(?P<kin>(?:twin\s+|older\s+|younger\s+)?"
    r"(?:sister|brother|son|daughter|wife|husband|consort|father|mother))\b"
)


def asked_back(text: str) -> str:
    """A question whose last sentence asks only what "it" is, about a thing an earlier sentence names by its
    relation to a named entity, asked as that relation: "Uruguay's capital is a busy port. Which city is
    it?" → "Uruguay's capital is a busy port. What is the capital of Uruguay?"; and so a person introduced
    by kin: "Apollo had a twin sister. Who was she?" → "… Who was the twin sister of Apollo?". Unchanged
    otherwise, and when the question points at the image ("… which bird is it in this picture?")."""
    *scene, asking = _SENTENCE_BREAK.split(text)
    kin = _HAD_KIN.search(" ".join(scene)) if _BARE_WHO.match(asking) else None
    if kin and not _POINTING.search(text.lower()):
        return " ".join([*scene, f"Who was the {kin.group('kin')} of {kin.group('owner')}?"])
    possessed = _POSSESSED.search(" ".join(scene))
    if not scene or not possessed or not _BARE_IT.match(asking) or _POINTING.search(text.lower()):
        return text
    owner = possessed.group("owner") or possessed.group("owner2")
    noun = possessed.group("noun") or possessed.group("noun2")
    if noun not in TYPE_NOUNS:  # "… below the easternmost star of Orion's belt: the black shape …"
        return text
    return " ".join([*scene, f"What is the {noun} of {owner}?"])


# "the country where its brewing method was developed": "its" in a relative clause describing a thing
_ITS_IN_RELATIVE = re.compile(r"\b(the\s+[a-z]+\s+(?:where|that|which|whose|in\s+which)\s+)its\b")
# "the North American country they're originally native to": "they" or "it" the subject of a clause
# describing a thing
_THEY_IN_DESCRIPTION = re.compile(
    r"\b(the\s+(?:[\w-]+\s+){0,3}?[a-z]+\s+(?:(?:where|that|which)\s+)?)(they|it)(?:['’]re|['’]s|\s+are|\s+is)\s+"
    r"(?=(?:[a-z]+ly\s+)?(?:native|found|from|made|grown|used|common)\b)"
)
# "this box", "a box like this one": the noun a question gives the thing shown
_SHOWN_NOUN = re.compile(r"\b(?:this|these)\s+([a-z]+)\b|\ban?\s+([a-z]+)\s+like\s+this(?:\s+one)?\b")


def shown_named_back(text: str) -> str:
    """A question whose asking sentence names the thing shown again with "the", or with "its" in a bridge's
    description, read with "this": "Say you post a letter in a box like this one. What is the capital of the
    country the box is from?" → "… the country this box is from?", so the country is read as a bridge from
    the image. Unchanged when the asking sentence points at the image itself."""
    *scene, asking = _SENTENCE_BREAK.split(text)
    if not scene or _POINTING.search(asking.lower()):
        return text
    nouns = [
        noun
        for found in _SHOWN_NOUN.finditer(" ".join(scene).lower())
        for noun in found.groups()
        if noun and noun not in IMAGE_WORDS | STOPWORDS | {"one", "kind", "sort", "type"}
    ]
    if not nouns:
        return text
    alternatives = "|".join(sorted(map(re.escape, set(nouns))))
    named_back = re.sub(rf"\b[Tt]he\s+({alternatives})\b(?!\s+of\b)", r"this \1", asking)
    # "… the country where its brewing method was developed?": "its" in a description of a bridge is the
    # thing shown's
    shown = image_reference(" ".join(scene).lower()) or nouns[0]
    named_back = _ITS_IN_RELATIVE.sub(rf"\1this {shown}'s", named_back)
    named_back = _THEY_IN_DESCRIPTION.sub(
        lambda m: (
            f"{m.group(1)}{'these' if m.group(2) == 'they' else 'this'} {shown} "
            f"{'are' if m.group(2) == 'they' else 'is'} "
        ),
        named_back,
    )
    return " ".join([*scene, named_back])


# "… directly north of it", "lying to the south of that one": a thing the asking sentence relates the
# answer to, named before
_ONE_BACK = re.compile(
    r"\b(of|from|to|than|with|beside|near|past|beyond)\s+(?:it|that\s+one|this\s+one)\b", re.IGNORECASE
)


def kind_named_back(text: str) -> str:
    """A question that relates the answer to "it" or "that one", a thing of the kind asked that an earlier
    sentence mentions, with that thing named by its kind: "This ape lives in forests of a continent. Which
    continent is directly north of it?" → "… north of that continent?", so the thing is read as a bridge
    the answer is not. Unchanged when the earlier sentences mention nothing of the kind asked."""
    *scene, asking = _SENTENCE_BREAK.split(text)
    _, kind = expected_type(asking.lower().rstrip("?. "))
    if not scene or not kind or not _ONE_BACK.search(asking):
        return text
    if not re.search(rf"\b{re.escape(kind)}\b", " ".join(scene).lower()):
        return text
    return " ".join([*scene, _ONE_BACK.sub(lambda m: f"{m.group(1)} that {kind}", asking)])


# "a Roman goddess", "a hero of Greek myth": a figure an earlier sentence introduces, by the pronoun that
# refers back to it
_FIGURES_BY_PRONOUN = {
    "her": word_set("goddess queen heroine empress nymph princess"),
    "his": word_set("god king hero emperor titan prince"),
}
_POSSESSIVE_PRONOUN = re.compile(r"\b(her|his)\s+(?=[a-z])")


def figure_named_back(text: str) -> str:
    """A question whose asking sentence asks of "her" or "his" a figure an earlier sentence introduces
    without a name, with the figure named by its kind: "This bird has an old nickname honouring a Roman
    goddess. Which Greek goddess is her counterpart?" → "… is that goddess's counterpart?", so the goddess
    is read as a bridge. Unchanged when the asking sentence points at the image."""
    *scene, asking = _SENTENCE_BREAK.split(text)
    pronoun = _POSSESSIVE_PRONOUN.search(asking)
    if not scene or not pronoun or _POINTING.search(asking.lower()):
        return text
    figures = "|".join(sorted(_FIGURES_BY_PRONOUN[pronoun.group(1)]))
    introduced = re.findall(rf"\ban?\s+(?:[\w-]+\s+)?({figures})\b", " ".join(scene))
    if not introduced:
        return text
    return " ".join([*scene, _POSSESSIVE_PRONOUN.sub(f"that {introduced[-1]}'s ", asking, count=1)])


# "… became independent in 1810. From which country?": a bare prepositional question that completes the
# statement before it
_BARE_PREPOSITIONAL = re.compile(
    r"^(?:from|to|by|into|with|against|for)\s+(?:which|what|whom)(?:\s+[\w-]+){0,2}\s*\?$", re.IGNORECASE
)


def completed_statement(text: str) -> str:
    """A bare prepositional question joined to the statement it completes: "Mexico became independent in
    1810. From which country?" → "Mexico became independent in 1810 from which country?", so the words the
    statement puts before the answer lead up to it. Unchanged otherwise."""
    *scene, asking = _SENTENCE_BREAK.split(text)
    if not scene or not scene[-1].endswith(".") or not _BARE_PREPOSITIONAL.match(asking):
        return text
    return " ".join([*scene[:-1], f"{scene[-1][:-1]} {asking[0].lower()}{asking[1:]}"])


# Idioms a gloss states in a plain verb: "when did she pass away?" — "(1924-1990)" as for "die"; "which
# police force was set up by him?" — "founded the Gestapo"; "what did he come up with?" — "devised …"
_IDIOMS = {
    "pass away": "die", "passes away": "dies", "passed away": "died", "passing away": "dying",
    "set up": "established", "sets up": "establishes", "setting up": "establishing",
    "come up with": "devise", "comes up with": "devises", "came up with": "devised",
    "coming up with": "devising",
    "turned upside down": "revolutionized", "turn upside down": "revolutionize",
}  # fmt: skip
_IDIOM = re.compile(rf"\b(?:{'|'.join(_IDIOMS)})\b", re.IGNORECASE)


def plain_idioms(text: str) -> str:
    """`text` with its idioms in the plain verb (`_IDIOMS`)."""
    return _IDIOM.sub(lambda found: _IDIOMS[" ".join(found.group().lower().split())], text)


# Rewrites that read a question's asking sentence with what its earlier sentences say, in this order
_READ_BACK = (completed_statement, asked_back, shown_named_back, figure_named_back, kind_named_back)


# "…, in one word: terrestrial, aquatic or arboreal?", "is this bird a herbivore or a carnivore?": options of
# one word each, listed at the end of the question
_CHOICES = re.compile(
    r"(?:[:,]\s+|\ban?\s+)((?:(?:an?\s+)?[\w-]+,\s+)*(?:an?\s+)?[\w-]+,?\s+or\s+(?:an?\s+)?[\w-]+)"
    r"(\s+[\w-]+)?\s*\??$"
)


# "what name is given to the dark columns in this nebula": the name of the thing described is asked
_NAME_GIVEN_TO = re.compile(  # "what name is given to …", "what name have the dark columns … been given"
    r"\bname\s+(?:is\s+|was\s+|are\s+|were\s+)?given\s+to\b|\bname\s+(?:have|has)\b[^?]*\bbeen\s+given\b"
)
# "What is that basin called?": the thing a statement described is the one asked, not a bridge to it.
_NAMES_THAT = re.compile(
    r"^what\s+(?:is|was|are|were)\s+(?:that|those)\s+(?:[\w-]+\s+){1,2}?(?:called|named|known\s+as)$"
)
# "is this snail edible or poisonous", "is it a large or a small constellation", "a big one or a small one",
# "a northern or a southern sky constellation": two words offered, perhaps with the kind they qualify
# "either fast or tough. which one?"
_WHICH_ONE = re.compile(r"^(?:which|what)\s+(?:one|is\s+it)$")
_EITHER = re.compile(r"\beither\s+(?:an?\s+)?([\w-]+)\s+or\s+(?:an?\s+)?([\w-]+)")
# "is it described as a dark nebula or a bright one": the words before the noun, not the noun
_ONE_OR_ONE = re.compile(
    r"^(?:is|are|was|were)\b.*?\s(?:an?\s+)?([\w-]+)\s+[\w-]+\s+or\s+(?:an?\s+)?([\w-]+)\s+one$"
)
# "… — in warm seas or cold ones?": two words before a noun and the "ones" that repeats it, in any question
_WORD_OR_ONES = re.compile(r"\s(?:an?\s+)?([\w-]+)\s+[\w-]+\s+or\s+(?:an?\s+)?([\w-]+)\s+ones$")
# "is it able to fly, or is it flightless": the last word of each
_OR_IS_IT = re.compile(
    r"^(?:is|are|can|does|do)\b[^,]*?\s([\w-]+),?\s+or\s+(?:is|are)\s+(?:it|they)\s+(?:an?\s+)?([\w-]+)$"
)
_EITHER_OR = re.compile(
    r"^(?:is|are|was|were|does|do|did|has|have)\b[^?,]*?\s(?:an?\s+)?([\w-]+)(?:\s+one)?\s+or\s+(?:an?\s+)?"
    r"(?:the\s+)?([\w-]+)(?:\s+one|(?:\s+[\w-]+){1,2}(?:\s+of\s+the\s+[\w-]+)?)?\s*\??$"
)


def either_or(lower: str) -> re.Match[str] | None:
    """The two words a yes-no question's last sentence offers (`_EITHER_OR`), if it offers two; or an
    earlier sentence's "either X or Y" that a bare "which one?" asks about."""
    last = _SENTENCE_BREAK.split(asked_sentence(lower))[-1]
    if _WHICH_ONE.match(asking_clause(lower)):
        return _EITHER.search(lower)
    return (
        _ONE_OR_ONE.search(last)
        or _WORD_OR_ONES.search(last)
        or _OR_IS_IT.search(last)
        or _EITHER_OR.match(last)
        # "how is it oriented - are we seeing it face-on or edge-on?": the clause after the dash offers them
        or _EITHER_OR.match(asking_clause(lower))
    )


def offered_choices(lower: str) -> list[str]:
    """The options a question lists for its answer to be one of ("terrestrial, aquatic or arboreal" →
    ["terrestrial", "aquatic", "arboreal"]); [] when it lists none, or leaves one open ("… or some other
    angle?" is `_OFFERED`'s)."""
    either = either_or(lower)
    if either:  # "is this snail edible or poisonous?": a yes-no question offering two words
        return list(either.groups())
    listed = _CHOICES.search(lower)
    if not listed:
        return []
    options = [re.sub(r"^an?\s+", "", o) for o in re.split(r",\s*(?:or\s+)?|\s+or\s+", listed.group(1)) if o]
    if listed.group(2) and len(options) < 3:
        return []  # "… in Andromeda or Pegasus then?": a word after two options is no kind they share
    return [] if {"other", "else"} & set(options) else options  # "an active, a dormant or an extinct volcano"


# "what divides this nebula into lobes", "what is being formed inside this nebula": a verb right after
# "what" (before a determiner or a preposition), or a passive one, whose doer is asked.
_ACTING = re.compile(
    # "what divides it", "what is it that splits this nebula"
    r"^what\s+(?:(?:is|are|was|were)\s+(?:being\s+)?([a-z]+ed)\b"
    r"|(?:is\s+it\s+that\s+)?([a-z]+s)\s+(?=(?:this|these|the|its|it|them|a|an)\b)"
    # "what kind of object spins at the heart of this nebula": the doer is of a kind
    r"|(?:kind|type|sort)\s+of\s+[a-z]+\s+([a-z]+s)\s+(?=(?:at|in|inside|within|around)\s+(?:the|this|its)\b))"
)
_ACTING_NOW = re.compile(  # "what is spinning at its centre", "what spins at its centre"
    r"^what\s+(?:(?:is|are)\s+([a-z]{3,}ing)|([a-z]{3,}s))\s+"
    r"(?=(?:at|in|inside|within|around|on|near)\s+(?:the|its|this)\b)"
)
# "what gives this galaxy its black-eye look", "what makes it look as if it had a black eye", "what causes
# the dark patch in front of its core": what the gloss says looks that way
LOOK_CAUSED = "look"  # the verb whose doer "what gives it its look" asks
_LOOK_CAUSED = re.compile(
    # "what feature gives it its look", "which feature of this nebula makes it look like an owl", "what on
    # Mars's surface gives it its reddish look", "what gives Mars its reddish appearance"
    r"^(?:what|which)\s+(?:[a-z]+\s+)?(?:(?:of|on|in)\s+(?:this|these|the|its|[\w-]+['’]s)\s+(?:[\w-]+\s+){0,3}?)?"
    # "what gives Mars, the Red Planet, its reddish appearance": a name with an appositive
    r"(?:gives|give|makes|make|causes|cause|creates)\s+(?:this|these|the|its|it|[\w-]+(?:,[^,?]+,)?\s+(?=its\b))\b[^?]*"
    # "what makes the dark 'eye' in front of its bright centre"
    r"\b(?:look|looks|appearance|patch|patches|colou?r|hue|tint|eye)\b"
    # "what is it about this galaxy that gives it the look of a black eye"
    r"|^what\s+is\s+it\s+about\s+(?:this|these|the|it)\b[^?]*\bthat\s+(?:gives|makes|causes)\b[^?]*"
    r"\b(?:look|looks|appearance)\b"
    # "what about it looks like an owl's eyes?"
    r"|^what\s+about\s+(?:it|this|them|these)\b[^?]*\blooks?\s+like\b"
    # "why does this nebula remind people of an owl", "why is this nebula named after a bird": what looks
    # like one
    r"|^why\s+(?:does|do)\s+(?:this|these|it)\b[^?]*\b(?:remind|look\s+like|look\s+as\s+(?:if|though))\b"
    r"|^why\s+(?:is|are|was|were|has|have)\s+(?:this|these|it)\b[^?]*\b(?:named|called)\s+(?:after|for)\b"
    # "what lies in front of its nucleus and gives it its distinctive look"
    r"|^(?:what|which)\b[^?]*\band\s+(?:gives|makes|creates)\s+(?:it|this|them)\b[^?]*\b(?:look|looks|appearance)\b"
    # "what in this nebula looks like an owl's eyes": the part that does
    r"|^what\s+(?:in|on|of)\s+(?:this|these|it)\b[^?]*\blooks?\s+like\b"
)
# "has something spinning at its centre", "something spins at its centre": a thing a statement gives by what
# it does
_SOMETHING_DOING = re.compile(r"\bsomething\s+(?:[a-z]+\s+)?([a-z]{3,}ing)\b|\bsomething\s+([a-z]{4,}s)\b")
MIN_VERB_STEM = 4  # letters of a verb's stem, at least, to find its forms by it ("divid" → "divide")


def doing_stem(doing: re.Match[str]) -> str:
    """The stem of what "something spinning" or "something spins" does, or "what is spinning" / "what spins"
    asks the doer of ("spin"); "" when too short."""
    progressive, present = doing.groups()
    if progressive:
        return progressive_stem(progressive)
    stem = re.sub(r"(?:es|s)$", "", present)
    return stem if len(stem) >= MIN_VERB_STEM else ""


def progressive_stem(verb: str) -> str:
    """The stem of a verb in -ing, to find its other forms by: "spinning" → "spin", "glowing" → "glow";
    "" when too short to tell one verb from another."""
    stem = verb[:-3]
    stem = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem
    return stem if len(stem) >= MIN_VERB_STEM else ""  # not "being"


def acting_verb(asking: str) -> str:
    """The stem of the verb whose doer a question asks ("what divides this nebula" → "divid", "what is
    being formed inside it" → "form"; "what gives this galaxy its black-eye look" → "look", answered by
    what "looks like a black eye"); "" for any other question."""
    if _LOOK_CAUSED.match(asking):
        return LOOK_CAUSED
    ongoing = _ACTING_NOW.match(asking)
    if ongoing:  # "what is spinning at the centre of it" — "a pulsar spins at its centre"
        return doing_stem(ongoing)
    match = _ACTING.match(asking)
    if not match:
        return ""
    verb = match.group(1) or match.group(2) or match.group(3)
    if verb in STOPWORDS or verb in _GENERIC_VERBS:
        return ""
    stem = re.sub(r"(?:ed|es|s)$", "", verb) if match.group(1) or verb.endswith("es") else verb[:-1]
    stem = stem[:-1] if stem.endswith("e") else stem
    return stem if len(stem) >= MIN_VERB_STEM else ""


# "The fish in this picture goes by the name George.", "This parrot is called Polly.": a name the question
# gives the image's own thing, not another entity to look up.
_IMAGE_NAMED = re.compile(
    r"(?:^|[.!?]\s+)(?i:(?:the\s+[\w\s-]+?\s+in\s+this\s+[\w-]+|th(?:is|ese)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+"
    r"(?:goes\s+by\s+the\s+name(?:\s+of)?|(?:is|was)\s+(?:called|named|nicknamed|known\s+as)))\s+"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


def _asks_what_is(clause: str, name: str) -> bool:
    """Whether an asking clause asks what kind of thing `name` is: "what species is george"."""
    asks = rf"(?:what|which)\s+(?:[a-z-]+\s+){{0,2}}(?:is|are|was)\s+{re.escape(name)}\W*"
    return bool(re.fullmatch(asks, clause))


# "People call this big friendly fish George": a name people give the thing shown
_IMAGE_CALLED = re.compile(
    r"\b(?i:call|calls|called|nickname|nicknamed|named)\s+(?i:th(?:is|ese))\s+(?:[\w-]+\s+){0,3}?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


def names_of_image(text: str) -> list[str]:
    """Names the question gives the image's own thing ("This fish goes by the name George", "People call
    this fish George" → ["George"])."""
    return [m.group(1) for pattern in (_IMAGE_NAMED, _IMAGE_CALLED) for m in pattern.finditer(text)]


def rank_by(lower: str) -> str | None:
    """For a question asking a rank among others, the superlatives of the dimension it is by ("how does
    that continent rank by size" → "largest smallest biggest"; "" when it names none); None for a
    question that asks a position in an order ("what number planet is this")."""
    asking = asking_clause(lower)
    if not _RANK.search(asking) and not RECORD_ASKED.search(lower):
        return None
    dimensions = [
        RANKED_BY[w] for text in (asking, lower) for w in re.findall(r"[a-z]+", text) if w in RANKED_BY
    ]
    return next(iter(dimensions), "")  # "if you line them up by size, where does that one come"


def name_request(lower: str, names: Sequence[str] = ()) -> NameAsked:
    """What a question that asks for another name says of the name (`NameAsked`). The hint is what is
    left of the asking sentence once the set-aside clause, the phrase pointing at the image ("this
    long-necked animal"), the names it gives ("Florida") and the words that merely ask for a name are
    taken out."""
    # the sentence that asks for the name, else the asking one: "This animal also goes by a name that
    # calls it a kind of horse. What is it?"
    sentences = _SENTENCE_BREAK.split(lower)
    naming = [s for s in sentences if _OTHER_NAME.search(s)]
    # "… has a nickname that calls it a kind of horse. What is that nickname?": the sentence that describes
    # the name, not a bare ask after it
    described = [s for s in naming if set(content_words(s)) - _NAME_FRAME - IMAGE_WORDS - _WH_OR_PRONOUNS]
    asking = next(iter(described[-1:] or naming[-1:]), asked_sentence(lower))
    set_aside = _SET_ASIDE.search(asking)
    aside = set_aside.group(1) if set_aside else ""
    rest = asking.replace(set_aside.group(0), " ") if set_aside else asking
    reference = image_reference(asking)  # "this long-necked animal", not what the sentence says of it
    pointing = (
        rf"\b(?:this|these)\s+{re.escape(reference)}(?:['’]s?)?\b"
        if reference
        else r"\b(?:this|these)\s+[^,?]*"
    )
    rest = re.sub(pointing, " ", rest)
    given = {word.lower() for name in names for word in name.split()}
    hint = [w for w in content_words(rest) if w not in _NAME_FRAME | given and not _LATIN_FORM.fullmatch(w)]
    return NameAsked(
        hint=" ".join(w for w in hint if w not in IMAGE_WORDS),
        latin=bool(_LATIN_FORM.search(rest)),
        set_aside=tuple(m.group(1).strip() for m in _QUOTED.finditer(aside)),
        usual_latin_aside=bool(_LATIN_FORM.search(aside)),
        of_image=bool(_NAME_OF_IMAGE.search(asking)) and not _NAME_OF_DESCRIBED.search(asking),
        initial=initial.group(1) if (initial := _INITIAL.search(lower)) else "",
        full=bool(_FULL_NAME.search(asking)),
        former=bool(_FORMER_NAME.search(asking)),
        said=tuple(_SAID_CALLED.findall(lower)),
        usual=bool(_USUAL_NAME.search(lower)),
    )


def lead_up(lower: str) -> str:
    """The words a statement of the answer puts right before it: "the pulsar in this picture lies inside
    what remnant" → "the pulsar in this picture lies inside"; "what is this drum made of" → "this drum
    made of"; "into which sea does the ostra flow" → "the ostra flow into"; "which dynasty did he establish"
    → "he establish"; "" for a question whose wh-word opens it and strands nothing."""
    fronted = _FRONTED.match(lower) or _FRONTED_PASSIVE.match(lower) or _FRONTED_PLACE_OF.match(lower)
    if fronted:
        return f"{fronted.group(2)} {fronted.group(1)}"
    manner = _IN_WHAT_WAY.match(lower)  # "it was the first planet found in what way" — "found by prediction"
    if manner:
        return manner.group(1)
    match = _IN_SITU.match(lower) or _STRANDED.match(lower)
    if match:
        return _STAND_IN.sub("", next(words for words in match.groups() if words))
    asked_object = _OBJECT_ASKED.match(lower)
    if asked_object and asked_object.group(2) not in _NO_OBJECT_VERBS:
        return asked_object.group(1)
    flows = _WHERE_FLOWS.match(lower)  # "where does this river end up draining into?" — "flows into the Bay"
    if flows:
        return f"{flows.group(1)} {flows.group(2)} into"
    called = _WHERE_CALLED.match(lower)  # "where is this deer called reindeer" — "called reindeer in Eurasia"
    if called:
        return f"{called.group(1)} in"
    done = _HOW_DONE.match(lower)  # "how was the god usually represented" — "represented as a plumed serpent"
    return done.group(1) if done else ""


def asked_of(subject: str, lower: str, reference: str) -> list[str]:
    """The words the asking sentence of `lower` asks of its named `subject`, the subject's own name left
    out: "this bird is sacred to vesta. who is vesta's greek counterpart" → ["greek", "counterpart"]."""
    named = {w.lower() for w in subject.split()}
    # "on which river does rome, the italian capital, stand": what the subject is called beside its name
    # is no part of what is asked of it
    name = subject.lower()
    lower = re.sub(rf"\b{re.escape(name)}\s*,\s*(?:the|an?)\s+[^,?]+,\s*(?=[a-z])", f"{name} ", lower)
    return [w for w in asked_words(asking_clause(lower), reference) if w not in named]


def asked_part(lower: str) -> tuple[str, bool]:
    """The part of the image's thing whose look a question asks, and whether the answer names the part
    too: "what shape is this bird's bill" → ("bill", False) — "down-bent"; "what is this rodent's tail
    like", "how would you describe the flesh of this fruit" → (…, True) — "broad flat tail"."""
    clause = _CLAUSE_END.split(asking_clause(lower))[-1]  # "besides …, how is …"
    clause = _LIKENED_TO.sub("", clause)  # "what shape is its shell often compared to": the shell's shape
    lower = _LIKENED_TO.sub("", lower)
    # "describe the shape of the bill on this wader - which way does it bend?": a request before the ask
    asks = _PART_LOOK.search(clause) or _DESCRIBE_SHAPE.search(lower)
    asked = _PART_ASKED.search(clause)  # "what sort of antlers does the male of this deer carry": antlers
    sort_of = asked if asked and asked.group(1) else None
    possessed = (
        sort_of
        or _SUB_PART.search(lower)
        or _POSSESSED_PART.search(lower)
        or _PART_OF_THIS.search(lower)
        or asked
    )
    if not asks or not possessed:
        return "", False
    named = next(group for group in possessed.groups() if group)
    part = next((w for w in reversed(named.split()) if w not in _LOOK_WORDS), "")
    if not part or part in TYPE_NOUNS | FACET_NOUNS | IMAGE_WORDS | STOPWORDS | _PROPERTY_NOUNS:
        return "", False  # "what is this animal's native country like": not a part
    whole = asks.re is _PART_LOOK and bool(asks.group("whole"))
    return singular(part), whole and not _DESCRIBE_SHAPE.search(lower)


def _kind_of(lower: str) -> str:
    """The noun whose kind a question asks: "in what kind of seas is this whale common" → "sea"."""
    match = _KIND_OF.search(lower)
    if not match:
        return ""
    noun, after = _past_adjectives(re.findall(r"[a-z-]+", lower[match.start(1) :]))
    compound = after and after not in _REFERENCE_END and singular(after) in TYPE_NOUNS  # "star cluster"
    return singular(after if compound else noun)


# Endings of the adjectives a question may put before the noun whose kind it asks ("tropical", "african",
# "northern", "volcanic")
_ADJECTIVE_ENDING = re.compile(r"(?:al|ic|an|ern|ese|ous|ive)$")
# adjectives of age, size and light that a kind asked may carry: "what type of young star cluster"
_PLAIN_ADJECTIVES = word_set("young old new small large big little great bright faint dark giant tiny huge")


def _past_adjectives(words: list[str]) -> tuple[str, str]:
    """The noun after "what kind of" and the word after it, past the adjectives before the noun: "in what
    kind of tropical african landscape does it live" → ("landscape", "does"); a kind's noun ending like an
    adjective is the noun ("what kind of big animal roams …" → ("animal", "roams")); so is any adjective
    followed by another adjective or a noun ("what sort of short witty verse is" → ("verse", "is"))."""
    while (
        (len(words) > 2 and (_ADJECTIVE_ENDING.search(words[0]) or words[0] in _PLAIN_ADJECTIVES))
        or (len(words) > 1 and qualifies_next(words))
    ) and (singular(words[0]) not in TYPE_NOUNS and words[1] not in _AUXILIARIES):
        words = words[1:]
    return words[0], words[1] if len(words) > 1 else ""


def qualifies_next(words: list[str]) -> bool:
    """Whether the first of `words` is an adjective followed by another adjective or a noun ("violent
    storms", "short witty"), by WordNet's word lists."""
    return is_adjective(words[0]) and (is_adjective(words[1]) or is_noun(words[1]))


def named_subject(text: str) -> str:
    """The entity a question names and asks about although it points at the image: "the capital of
    Kenya, the country where this animal lives" → "Kenya"; "Penguins like this breed in Argentina. Which
    city is Argentina's capital?" → "Argentina" — the sentence that asks names its entity and neither
    points at the image nor refers back to what an earlier sentence says of it ("… Along which country
    does that range extend?"); "" when it names none."""
    if refers_to_described(text):
        return ""
    front = _FRONT_APPOSITION.match(text)
    if front:
        return unpossessed(front.group(1))
    apposition = _APPOSITION.search(text)
    set_aside = answer_partners(text)  # "Besides Cetus, which …", "Between Hercules and which …"
    set_aside |= {m.group(1) for m in _COUNTED_FROM.finditer(text)}  # "Counting from Aries, which sign …"
    # "Together with Cassiopeia, which constellation flanks …": a phrase before the question, no apposition
    # — unless a wh-word asks after it ("The hero Perseus, whose constellation …, slew which monster?")
    fronted = (
        apposition
        and not _WH_WORD.search(_SENTENCE_BREAK.split(text[: apposition.start()])[-1].lower())
        and not _WH_WORD.search(text[apposition.end() :].lower())
    )
    if apposition and apposition.group(1) not in set_aside and not fronted:
        return unpossessed(re.sub(r"^The\s+", "", apposition.group(1)))  # "The Great Plains, where this …"
    *before, asking = _LEAD_IN_BREAK.split(text.strip())
    asked_in_relative = _ASKED_IN_RELATIVE.search(asking)
    if asked_in_relative:  # "… roam Arvia, which lies between Tarn and which sea?": Arvia is asked of
        return asked_in_relative.group(1)
    if not before or _POINTING.search(asking.lower()):
        return ""
    opening = _OPENING_CALLBACK.match(asking.lower())
    if opening:  # "… flew past Neptune. The planet is named after …": the asking sentence's own subject
        scene = " ".join(before)
        named = named_entities(scene)
        by_word = [name for name in named if opening.group(1) in name.lower().split()]
        # not a name used as an adjective: "… the largest Latin American country. That country is …"
        nouns = [name for name in named if not re.search(rf"\b{re.escape(name)}\s+[a-z]", scene)]
        return next(iter(by_word or nouns[-1:]), "")
    # "in which part of Australia is Canberra located?": the region the answer lies in is no subject
    region = WHERE_IN.search(asking)
    set_aside |= {region.group(1)} if region and region.group(1) else set()
    named = [name for name in named_entities(asking) if name not in set_aside]
    # a demonym used as an adjective ("the home of the Greek gods") is no subject beside another name,
    # nor beside one the scene sentence gives ("Wales is … . What was the region called in Roman times?")
    nouns = [name for name in named if not demonym_adjective(name, asking)]
    only_demonyms = bool(named) and not nouns
    named = nouns or named
    if named and _PERSONAL_SUBJECT.search(asking.lower()):
        # "… named for a hunter of Greek myth. What part of ancient Greece did he come from?": the pronoun is
        # the subject, and a name the asking sentence gives is only where the answer lies
        return next(iter(_called_back(" ".join(before), asking)), "")
    if _REFERS_BACK.search(asking.lower()):
        # "… the Zell Sea. North of which island does that sea lie?", "… the Great Barrier Reef. Off which
        # coast of Australia does that reef lie?"; but "which nickname does Mars get from the oxide that
        # reddens its surface" refers to nothing earlier: "its" is Mars, the name the asking sentence gives
        called = _called_back(" ".join(before), asking, by_name_only=True)
        opening = _opening_name(before[-1])
        if (
            not called
            and opening
            and (_PRONOUN_SUBJECT.search(asking.lower()) or (_ITS.search(asking.lower()) and not named))
        ):
            # "Eritrea lies on this ape's continent. In which year did it gain independence?", "Betelgeuse is
            # another star in this nebula's constellation; what is its other designation?" (not "… does Mars
            # get from … its surface": the asking sentence names its own subject)
            return opening
        if called or not named or _points_back(" ".join(before), asking):
            return next(iter(called), "")  # "Between Gemini and which … does that constellation lie?"
    scene_nouns = [name for name in named_entities(" ".join(before)) if not demonym_adjective(name, text)]
    # "Venus is the Roman goddess of love. Who's her Greek counterpart?": "her" is Venus
    if only_demonyms and scene_nouns and not _PERSONAL_PRONOUN.search(asking.lower()):
        return scene_nouns[0]
    # a name the scene sentence gave too is the thread: "Deer roam Tarn. From whom did Varn buy Tarn?"
    earlier = {name.lower() for name in named_entities(" ".join(before))}
    named = sorted(named, key=lambda name: name.lower() not in earlier)
    return next(iter(named or _called_back(" ".join(before), asking)), "")


def refers_to_described(text: str) -> bool:
    """Whether the question's "that <kind>" refers to a thing it describes without naming ("It's common in
    one particular country of southern Asia, what is the capital of that country?"): a name in that
    description is where the thing lies, not the entity asked about. A description in apposition to a name
    ("Argentina, a country in South America") describes that name."""
    lower = text.lower()
    for demonstrative in re.finditer(r"\b(?:that|those)\s+([a-z-]+)\b", lower):
        noun = demonstrative.group(1)
        if noun not in TYPE_NOUNS:
            continue
        for described in re.finditer(
            rf"\b(?:a|an|one)\s+(?:[\w-]+\s+){{0,3}}?{noun}\b", lower[: demonstrative.start()]
        ):
            if not re.search(r"\b[A-Z][\w'’-]*,\s*$", text[: described.start()]):
                return True
    return False


def _opening_name(sentence: str) -> str:
    """The name a sentence opens with as its subject ("Eritrea lies …", "The Zell Sea lies …"); "" when it
    opens with anything else, or with a demonym used as an adjective ("Greek myth tells …")."""
    first = next(iter(named_entities(sentence)), "")
    opens = bool(first) and re.match(rf"(?:the\s+)?{re.escape(first)}\b", sentence, re.IGNORECASE)
    return first if opens and not demonym_adjective(first, sentence) else ""


def _points_back(before: str, asking: str) -> bool:
    """Whether the asking sentence points back at something an earlier sentence describes: by "that" or
    "those" with a noun the earlier sentences used ("… in a zodiacal constellation. Between Gemini and
    which … does that constellation lie?") or by a pronoun subject ("near Phoenix and which other does it
    lie?") — not by a relative "that" ("the oxide that reddens its surface")."""
    earlier = set(re.findall(r"[a-z]+", before.lower()))
    demonstrated = re.findall(r"\b(?:that|those)\s+([a-z]+)", asking.lower())
    return any(word in earlier for word in demonstrated) or bool(_PRONOUN_SUBJECT.search(asking.lower()))


def _qualifier(name: str, text: str) -> bool:
    """Whether `text` brings `name` in only by a preposition after another noun ("a general of World War
    II", "an astronomer from Kent"), where it qualifies the person a pronoun points back to, unless it
    is what names the thing ("the surname of Omar Bradley", "in honour of Ada Lorne")."""
    name_pattern = re.escape(name)
    return bool(
        re.search(rf"\b(?:of|in|during|from|at|on|near)\s+(?:the\s+)?{name_pattern}\b", text)
        and not re.search(rf"\b(?:name|surname|honou?r|memory)\s+of\s+{name_pattern}\b", text)
    )


# "… stands at the top of the hill in this Beijing ensemble?": a thing placed within the thing shown
_PLACED_INSIDE_SHOWN = re.compile(
    r"\b(?:stands?|sits?|lies|lie|rises?|towers?|is\s+found|is\s+located)\b[^?]*\b(?:in|inside|within)\s+"
    rf"(?:this|these)\s+(?:[\w-]+\s+){{0,2}}?(?!{_PICTURE}\b)[\w-]+\W*$"
)


def placed_inside_shown(question: str) -> bool:
    """Whether a question asks about a thing it places within the thing shown ("… stands at the top of the
    hill in this Beijing ensemble?"), which is then not the thing shown itself."""
    return bool(_PLACED_INSIDE_SHOWN.search(question.lower()))


def qualifies_asked(name: str, text: str) -> bool:
    """Whether `name` qualifies the kind a question asks for ("In which US state …", "which Jupiter moon")."""
    return bool(re.search(rf"\b(?:which|what)\s+{re.escape(name.lower())}\s+[a-z]", text.lower()))


def demonym_adjective(name: str, text: str) -> bool:
    """Whether `name` is a demonym `text` uses as an adjective ("an American astronomer")."""
    return bool(DEMONYM_SHAPE.fullmatch(name) and re.search(rf"\b{re.escape(name)}\s+[a-z]", text))


def _called_back(before: str, asking: str, *, by_name_only: bool = False) -> list[str]:
    """Names of earlier sentences that an asking sentence without a name of its own refers to: by a
    personal pronoun ("Ada Lorne flew craft like this. When was she born?" → the first name) or by a
    word of the name ("The Tower of Zell crowns this site. On which hill does the tower stand?", "… in
    the Zell Sea. … does that sea lie?")."""
    named = named_entities(before)
    if _PERSONAL.search(asking.lower()) and not by_name_only:
        # "… named for an American astronomer. When did he die?": "he" is the astronomer, not "American";
        # "… the surname of a general of World War II. When was he born?": nor the war that qualifies him
        return [
            name for name in named if not demonym_adjective(name, before) and not _qualifier(name, before)
        ]
    called = set(re.findall(r"\b(?:the|that|those)\s+([a-z]+)\b", asking.lower()))
    return [name for name in named if called & set(name.lower().split())]


def _without_asides(lower: str) -> str:
    """`lower` less the phrases set before or after its question ("besides lodges, …", "with its claws,
    …")."""
    return _TRAILING_ASIDE.sub("", _LEADING_ASIDE.sub("", _LEADING_MEANS.sub("", lower)))


def _predicate(lower: str) -> str:
    """ "what does this animal feed on" → "feed on": the question asks for what the verb takes; "what
    does this galaxy look like" → "resemble", answered by what a gloss says it resembles, and so is "its
    horns are much like another beast's. Which beast?".
    """
    asking = asking_clause(lower)
    if _RESEMBLES.search(asking) or _LIKE_WHOSE.search(asking):
        return RESEMBLE
    if _RELATED_ASKED.search(asking):
        return RELATED
    likened = _LIKE_ANOTHER.search(lower)
    said = _SAID_OR_FAMED.match(_without_asides(asking))
    if said and (said.group("verb") or "") not in _PREDICATE_VERBS_NOT | {"be", "have"}:
        return said.group("verb") or said.group("doing")
    # "… like another plant's. Which plant?", "… looks like a different insect. Which one?"
    if likened and re.match(rf"(?:which|what)\s+(?:{re.escape(likened.group(1))}|one)\b", asking):
        return RESEMBLE
    # "besides lodges, what do these rodents build", "what did she discover, besides …"
    match = next(
        filter(None, (_PREDICATE.match(_without_asides(text)) for text in (lower, asking))), None
    )  # "… has claws - what does it hunt with them?": the clause after a break asks
    # "what does it contain" asks nothing a verb's object says, but "what unusual object does it contain" and
    # "what does Cygnus contain" (a subject named) do
    generic = match and set(match.group(0).split()[3:]) & _NO_OBJECT_VERBS
    named = match and match.group(0).split()[2] not in _DETERMINERS | {"it", "they", "he", "she"}
    if not match or not match.group("object") and generic and not named:
        return ""
    return " ".join(w for w in match.group("verb", "preposition") if w)


def answer_partners(text: str) -> set[str]:
    """Names a question puts beside its answer ("Besides the North Atlantic, which ocean …", "… between
    Gemini and which other sign?"): what they are is known, and the answer is another of their kind."""
    return {m.group(1) for pattern in (_NAMES_SET_ASIDE, _NAME_AND_ASKED) for m in pattern.finditer(text)}


def set_aside(lower: str) -> str:
    """The phrase a question sets aside ("besides underwater lodges, what do …" → "underwater lodges");
    "" when it sets none aside."""
    match = _SET_ASIDE.search(lower)
    if not match:
        return ""
    # "besides its lodges": the lodges, whoever's they are; "apart from the pendulum named after him": the
    # pendulum, whatever the words after the noun say of it
    phrase = _ASIDE_QUALIFIED.split(match.group(1).strip())[0]
    return re.sub(r"^(?:its|their|the|his|her)\s+", "", phrase)


def as_question(lower: str) -> str:
    """The plain wh-question a request or a polite frame asks: "name the genus of this animal" → "what
    is the genus of this animal", "can you tell me the capital of …" → "what is the capital of …", "do
    you know which continent …" → "which continent …", "what's …" → "what is …"."""
    lower = _KNOW_ITS_NAME.sub(r"what is \1 name", _CONTRACTED.sub(r"\1 is", lower))  # "do you know its name"
    lower = _TRAILING_PLEASE.sub("", _POLITE.sub("", lower))
    lower = _EMBEDDED_ORDER.sub(r"\1 \2\5 \3\4", lower)  # "(do you know) which continent this is in"
    lower = _SUPPOSED_TRIP.sub("", lower)  # "if you travelled to the country …, what would its capital be"
    lower = _GOES_AFTER.sub("hunt", lower)  # "which prey does it go after": what it hunts
    lower = _ON_THE_MENU.sub(r"what does \1 eat", lower)  # "what's on the menu for this koala?"
    named_kind = _NAME_THE_KIND.search(lower)
    introduced = named_kind and re.search(
        rf"\b(?:an?|the)\s+(?:[\w-]+\s+){{0,2}}{re.escape(named_kind.group(1))}\b",
        lower[: named_kind.start()],
    )
    if _POINTING.search(lower) and not introduced:  # "how far up the Clyde can ships sail? name the city",
        # "… a bay that contains an island that used to be …. name the island": not what is shown
        lower = _NAME_THE_KIND.sub(r"what is this \1", lower)
    lower = _KIND_LAST.sub(r"what \3 of \2 is \1", lower)
    lower = _WHICH_KIND_ALONE.sub(r"\1which kind of \2 is this", lower)
    if _NAME_THIS.match(lower):  # "(can you) name this clever ape from equatorial africa": what it is
        return lower
    return _IMPERATIVE.sub("what is ", _EMBEDDING.sub("", lower))


_PICTURES = "|".join(sorted(IMAGE_WORDS | word_set("illustration drawing map engraving sketch")))
# The thing shown asked for by what a question says of it: "name this mountain. it's the tallest one in
# africa", "name the mediterranean island pictured here, which lies west of italy", "what is this mausoleum
# in agra, built by a mogul emperor …", "what was this vast region of europe
# and asia called", "what was the name of this old cattle route …", "what was the secret network shown in
# this illustration, through which …" — not "what is this river a tributary of", "what is this animal's
# tail like", "what is this fruit used for"
_NAMES_SHOWN = re.compile(
    r"^(?:(?:name|identify)\s+this\b"
    r"|what\s+(?:is|was|are|were)\s+(?:the\s+name\s+of\s+)?(?:this|these)\s+[a-z-]+(?![\w-]*['’]s\b)"
    r"|what\s+(?:is|was|are|were)\s+the\s+(?:[a-z-]+\s+){1,3}?(?:shown|depicted|pictured)"
    rf"(?:\s+here|\s+in\s+(?:this|the)\s+(?:{_PICTURES}))\b)"
)
_DESCRIBING_RELATIVE = re.compile(
    r"(?:,\s*|\b(?:through|in|by|on|at|from|with|for|to)\s+)which\b"
    r"(?!\s+[a-z]+\s+(?:does|do|did|is|are|was|were|can)\b)"  # not "…, which city does it cross?"
)
_ENDS_IN_RELATION = re.compile(r"\b(?:of|for|from|to|with|like|in|on|at|by|as|about|into|after)$")
# "what is this bacteriologist remembered for discovering", "what is this physicist credited with": what it
# is known for, not what it is
_KNOWN_FOR = re.compile(
    r"\b(?:known|famous|famed|noted|remembered|celebrated|renowned|best|used|kept|grown|named)\s+"
    r"(?:for|as|after)\b|\b(?:credited|associated)\s+with\b|\bresponsible\s+for\b"
)


def names_what_is_shown(lower: str) -> bool:
    """Whether a sentence of the question asks the thing shown by what it says of it (`_NAMES_SHOWN`), its
    description ending in neither a preposition nor another question, nor asking what it is known for."""
    for sentence in _SENTENCE_BREAK.split(lower):
        sentence = sentence.rstrip("?.! ")
        naming = _NAMES_SHOWN.match(sentence)
        if not naming or _ENDS_IN_RELATION.search(sentence) or _PROPERTY_ASKED.match(sentence):
            continue
        if _KNOWN_FOR.search(sentence):
            continue
        # "…, which lies west of italy", "…, through which abolitionists helped …": a relative clause
        # describing it asks nothing
        if not _WH_WORD.search(_DESCRIBING_RELATIVE.sub("", sentence[naming.end() :])):
            return True
    return False


def asks_only_what_is_shown(lower: str, reference: str, type_noun: str | None) -> bool:
    """Whether a question asks nothing about the image's thing but what it is: "What is this animal?",
    "Which planet appears in this image?", "What is the common name of the animal pictured here?",
    "What is this object in the sky?" — not "Which continent is this animal from?", whose asked kind
    is another thing than the one shown."""
    asking = asked_sentence(lower)
    if _ENDS_IN_RELATION.search(asking.rstrip("?.! ")):
        return False  # "what was this composer associated with": what it relates to
    which_is_this = None if _PROPERTY_ASKED.match(asking) else _WHICH_IS_THIS.match(asking)
    if which_is_this:  # "which bird is this large web-footed wader, …" — not "which city is this palace in"
        after = which_is_this.group(1).split()
        return len(after) <= MAX_DESCRIBING_WORDS and not (after and after[-1] in _STRANDING)
    if type_noun and reference and type_noun not in reference.split() and type_noun not in _NAME_NOUNS:
        return False
    plain = _LOCATIVE_TAIL.sub("", lower)
    skip = _IDENTITY_FILLER | IMAGE_WORDS | set(reference.split()) | {type_noun or "", "other"}
    left = set(content_words(plain)) - skip  # verbs stay: "which museum holds this painting" asks more
    return not left and bool(reference or _POINTING.search(lower))


def asked_words(lower: str, reference: str, *, relations: bool = False) -> list[str]:
    """Content words of a question minus the image reference, image words and generic verbs
    (with `relations`, also the relation words "near", "between")."""
    skip = set(reference.split()) | IMAGE_WORDS | _GENERIC_VERBS | {"other"}
    words = [w for w in content_words(lower) if w not in skip]
    if relations:
        words += [w for w in re.findall(r"[a-z]+", lower) if w in RELATION_WORDS]
    return words


def content_words(text: str) -> list[str]:
    """Lower-case words of `text` that are not stopwords, in order, each once."""
    words = [re.sub(r"['’]s$", "", w).strip("'’.,").lower() for w in _WORD.findall(text)]
    return list(dict.fromkeys(w for w in words if w and w not in STOPWORDS))


def image_reference(lower: str) -> str:
    """What the question calls the depicted thing: "the person in this portrait" → "person",
    "this tree frog lives" → "tree frog"; "" when the question has no such phrase."""
    match = _REFERENCE_IN.search(lower)
    if match:
        return match.group(1)
    for match in _REFERENCE_THIS.finditer(lower):
        words = []
        for word in match.group(1).split():
            if word in _REFERENCE_END or word.endswith(("'s", "’s")):
                if word.endswith(("'s", "’s")):
                    words.append(word[:-2])
                break
            words.append(word)
            if len(words) == 2:
                break
        if len(words) == 2 and lower.endswith(" " + " ".join(words)) and words[1] not in TYPE_NOUNS:
            words.pop()  # "… does this lake cross": a question's last word after the noun is its verb
        if words and not set(words) <= IMAGE_WORDS:
            return " ".join(words)
    return ""


def expected_type(lower: str) -> tuple[AnswerType, str | None]:
    """The answer type a question expects, and the noun naming the kind of answer when it has one."""
    if re.search(
        r"\b(?:scientific|latin|binomial|botanical|taxonomic|zoological)\b[\w\s()]{0,12}\bname\b"
        r"|\b(?:latin\s+)?(?:binomial|trinomial)\b"
        r"|\bscientific\s+(?:nomenclature|terms)\b",
        lower,
    ):
        return "scientific_name", "name"
    if RECORD_ASKED.search(lower):
        return "ordinal", None  # "what record does this animal hold": a superlative ("tallest living …")
    if _NUMBER_IN_ORDER.match(asking_clause(lower)):
        return "ordinal", None  # "which number president was the man in this photo": "27th President"
    if (
        any(p.search(lower) for p in _IDENTITY)
        and not _PROPERTY_ASKED.match(asking_clause(lower))
        and not _RESEMBLES.search(asking_clause(lower))
        and not PURPOSE_ASKED.search(lower)
    ):  # not "what colour is this bird", "what shape is this fruit", "which insect is it said to resemble"
        return "identity", None
    first_wh = _WH_WORD.search(asking_clause(lower))
    if (
        re.search(
            rf"{_WHICH_DATE}(?:year|date|century|decade|day)s?\b"
            r"|\b(?:what|which)\s+month\s+and\s+year\b"
            r"|\bdate\s+range\b|\bspan\s+of\s+dates\b"
            r"|\b(?:birth|death)\s+year\b|\byear\s+of\s+(?:(?:his|her|its|their)\s+)?(?:birth|death)\b",
            lower,
        )
        or first_wh
        and first_wh.group() == "when"
    ):
        return "year", "year"  # not "what were these islands called when the Dutch held them"
    asking = asking_clause(lower)
    # not "what rank did she reach", "… ranks third among the members of which galaxy group"
    if _RANK.search(asking) and not re.search(r"\b(?:which|what)\b", asking):
        return "ordinal", None
    if (
        _ORDINAL.search(lower)
        or _COUNTING_FROM.search(lower)
        and not re.search(r"\bhow\s+(?:many|much)\b", lower)
    ):
        return "ordinal", None  # "counting from the first sign, where does this sign fall": a place in order
    if (
        re.search(r"\bhow\s+(many|much)\b|\bthe\s+(?:total\s+)?number\s+of\b", lower)
        or _MEASURE.search(lower)
        and not _CALLED_LAST.search(lower)
        or named_unit(lower)
    ):
        return "number", None
    if re.search(
        r"\b(what|which)\s+(?:[a-z]+\s+|(?:range|shades?|mix)\s+of\s+)?colou?rs?\b|\bcolou?rs?\s+(is|are)\b"
        r"|\bthe\s+(?:[a-z]+\s+)?colou?rs?(?:\s+range)?\s+of\b|\bcolou?r\s+range\b",
        lower,
    ):  # "which other colour shows in its plumage", "what range of colours", "the background colour of"
        return "colour", "colour"
    if re.search(r"\bnationality\b", lower):
        return "nationality", "nationality"
    if re.match(r"^what\s+(?:is|was|are|were)\s+the\b", asking) and _STRANDED.match(asking):
        # "what was the artist who painted this noted for": the artist is the subject, not the answer —
        # unless the preposition ends a relative clause ("… the country this dog is named after")
        *before_reference, after_reference = re.split(r"\b(?:this|these)\b", asking)
        # "… of the region where this wild ox comes from": the preposition ends a relative clause too
        relative = bool(before_reference) and re.search(r"\b(?:where|that|which)\s*$", before_reference[-1])
        # "what is the genus this fish belongs to": a kind's noun right before the image's thing opens one too
        last_word = before_reference[-1].split()[-1:] if before_reference else []
        relative = relative or any(kind_word(word) in TYPE_NOUNS for word in last_word)
        if not re.search(r"\b(?:is|are|was|were|does|do|did|has|have)\b", after_reference) and not relative:
            return "named", None
    if re.match(r"^(who|whom|whose)\b", asking) or re.search(r"\bby\s+whom\b", lower):
        return "person", "person"
    if re.match(r"^where\b", asking):
        return "named", "place"
    if re.search(r"\b(?:what|which)\s+(?:form|kind|type|system|sort)\s+of\s+government\b", lower):
        return "named", "government"  # "what form of government does that country have": "absolute monarchy"
    owned = _WHOSE_KIND_IS_WHAT.search(asking)
    if owned and owned.group(1) in TYPE_NOUNS:  # "… belonged to a land whose modern capital is what?"
        return "named", owned.group(1)
    noun = asked_noun(lower)
    if noun in _RELATIONAL_NOUNS:  # "what is the other neighbour": of the kind of what it neighbours
        return "named", None
    if noun in _GENERIC_NOUNS:  # "which part of the world, by continent, …": the kind named later
        noun = next((w for w in re.findall(r"[a-z]+", lower) if w in _PLACE_NOUNS), noun)
    if noun in {"person", "painter", "artist", "writer", "author", "scientist", "astronomer", "inventor"}:
        return "person", noun
    return "named", noun


# "a land whose modern capital is what": the kind asked, after the thing that has it
_WHOSE_KIND_IS_WHAT = re.compile(
    r"\bwhose\s+(?:[a-z]+\s+)?([a-z]+)\s+(?:is|was|are|were)\s+(?:what|which)\s*$"
)


# "what is it", "what's that": a last sentence asking back for what the one before introduced
_ASKS_IT_BACK = re.compile(r"what(?:['’]s|\s+is|\s+was)\s+(?:it|that)|which\s+one")


def asked_sentence(lower: str) -> str:
    """The sentence whose wh-word asks, where the answer's type is read: the last one when it has a
    wh-word ("this seal lives in the north sea, which includes the skager bay. which strait …": not the
    relative "which includes"), else the whole question ("what is the height of mt. kenya")."""
    last = asking_clause(lower)
    asking = [s for s in _SENTENCE_BREAK.split(lower) if s.endswith("?") and _WH_WORD.search(s)]
    if asking and not _WH_WORD.match(last) and not _ASKING_VERB.match(last):
        # "which galaxy is in this telescope shot? its popular name honours the man who …": a statement's
        # relative "who" asks nothing
        return asking[-1].rstrip("?")
    if _WH_WORD.search(last) or _ASKING_VERB.match(last):
        return last if _WH_WORD.search(last) else lower  # "… compared with the others? give its rank"
    # "which apple variety is this? it shares its name with a volcano": the question before a statement
    return asking[-1].rstrip("?") if asking else lower


def asking_clause(lower: str) -> str:
    """The clause that asks: the last sentence, past a lead-in phrase ("this nebula lies in a
    constellation named after a hunter. who slew him" → "who slew him"; "in greek mythology, who
    rescued …" → "who rescued …"), so its wh-word is read where it stands. A description set after a dash
    ("who is the astronaut in this portrait — the woman who later became …") adds to the clause before it."""
    *before, last = _CLAUSE_BREAK.split(lower)
    if before and _APPENDED_DESCRIPTION.match(last) and _WH_WORD.match(_LEAD_IN.sub("", before[-1])):
        last = before[-1]
    return _LEAD_IN.sub("", last)


# Prepositions that follow a verb of motion or origin rather than a noun ("sprang from", "flowed into")
_VERB_PARTICLES = word_set("from into onto upon")
# words WordNet also lists as nouns that after a wh-word are a verb's particle or a preposition ("what wiped
# out …", "what was hidden inside …"), not the kind asked
PARTICLE_NOUNS = word_set(
    "out up down off away back over inside outside behind beneath near across along around"
)
# words that end a noun phrase read forward: a function word, a particle or a preposition
NOUN_PHRASE_ENDS = STOPWORDS | PARTICLE_NOUNS


_ASKED_NOUN = re.compile(
    # "what is its capital", "what would its capital city be": a kind an earlier thing has
    r"\b(which|what)\s+(?:(?:is|are|was|were|would\s+be|will\s+be|would|will)\s+)?"
    rf"(?:(?:the|a|an|that|those)\s+|(?:its|their)\s+(?=(?:{_KIND_NOUNS})\b))?"
    r"((?:[\w'’-]+,?\s+){0,3}[\w-]+)"
)
# "Can you name an Australian river that …", "name one city that …": a thing of a kind asked without a wh-word
_NAME_A_KIND = re.compile(
    rf"(?:^|[.!?]\s+)(?:(?:can|could)\s+you\s+)?name\s+(?:a|an|one|any)\s+(?:[a-z-]+\s+){{0,2}}?({_KIND_NOUNS})s?\b"
)
# "the battle in which this king's reign came to an end": a relative clause's "which", no question's
_RELATIVE_WHICH = re.compile(r"which\s+(?:this|that|these|those|the|its|his|her|their|a|an)\b")
_PREPOSITION_BEFORE = re.compile(r"\b(?:in|on|at|by|of|from|with|during|under|through|for|to)\s+$")


def relative_which(lower: str, at: int) -> bool:
    """Whether the "which" at `at` opens a relative clause after a preposition ("in which this king's reign
    came to an end"), not a question."""
    return bool(_RELATIVE_WHICH.match(lower, at) and _PREPOSITION_BEFORE.search(lower[:at]))


def asked_noun(lower: str) -> str | None:
    """The noun after the wh-word ("which other constellation" → "constellation",
    "what is the capital of" → "capital"); a common answer-kind noun wins over the first word. A name
    asked for is the named thing's ("what is the name of the capital …" → "capital"), and so is a
    possessed one ("what is this animal's native country" → "country")."""
    named_kind = _NAME_A_KIND.search(lower)
    if named_kind:  # "can you name an Australian river that feeds into this one?" asks a river
        return singular(named_kind.group(1))
    in_situ = re.search(r"\b(?:which|what)\s+(?:other\s+)?([a-z]+)$", lower)
    if in_situ and singular(in_situ.group(1)) in TYPE_NOUNS:  # "…, which lies between X and which sea"
        return singular(in_situ.group(1))
    lower = _MEASURE_COMPOUND.sub("", _NAME_OF.sub("the ", _POSSESSOR.sub("the ", lower)))
    match = next((m for m in _ASKED_NOUN.finditer(lower) if not relative_which(lower, m.start())), None)
    if not match:
        return None
    # "which small, faint zodiac constellation": adjectives in a row, with or without commas
    words = [w for w in match.group(2).replace(",", " ").split() if w not in _MODIFIERS]
    if words[:1] == ["of"]:  # "which is the largest of Jupiter's moons" asks a moon
        after = re.findall(r"[a-z]+", lower[match.end(1) :])
        return next((singular(w) for w in after if singular(w) in TYPE_NOUNS), None)
    if words[1:2] == ["of"] and words[0] in _KIND_WORDS and len(words) > 2:  # "what kind of seas" asks a sea
        tokens = [w for w in re.findall(r"[a-z-]+", lower[match.start(2) :]) if w not in _MODIFIERS]
        noun, after = _past_adjectives(tokens[2:])
        compound = singular(after) in TYPE_NOUNS  # "what kind of star cluster"
        return singular(after if compound else noun)
    if len(words) > 1 and singular(words[0]) in TYPE_NOUNS and words[1] in _AUXILIARIES:
        return singular(words[0])  # "which lake does uganda's capital stand on" asks a lake
    if len(words) > 2 and words[1].endswith("ed") and _VERB_OBJECT.match(words[2]):
        return singular(words[0])  # "which pope sanctioned galileo's condemnation" asks a pope — not "the
        # small, uninhabited islet"
    possessor = next(
        (i for i, w in enumerate(words) if w.endswith(("'s", "’s")) and w[:-2] not in _CONTRACTING), None
    )
    if possessor is not None:
        owner = words[possessor][:-2]
        # "which country's currency …" asks a country; "the world's highest volcano" asks a volcano, and
        # "what is Ulmo's largest moon" a moon: a name is no kind
        copula = bool(re.match(r"\w+\s+(?:is|are|was|were)\b", match.group()))
        if owner not in WHOLE_WORLD and (possessor == 0 and not copula or owner in TYPE_NOUNS):
            return owner
        words = words[possessor + 1 :]  # "what is new zealand's capital" asks a capital
    window: list[str] = []
    ending = ""
    for word in words:
        if word in STOPWORDS:
            ending = word
            break
        window.append(word)
    window = [kind_word(word) for word in window]  # "which constellations flank it" asks constellations
    for i, word in enumerate(window):
        if word in TYPE_NOUNS:  # of a compound of kinds the last says it ("mountain range", "star cluster")
            while i + 1 < len(window) and window[i + 1] in TYPE_NOUNS:
                i += 1
            return window[i]
    verb = next((i for i, w in enumerate(window) if i and w in _REFERENCE_END), None)
    window = window[:verb] if verb else window  # "which frigate lies anchored at …" asks a frigate
    # not a verb's form: "which hero eventually freed", "what was hidden inside …", "what wiped out …"
    nouns = [
        w
        for w in window[:3]
        if not w.endswith(("ed", "ing", "ly")) and is_noun(w.rsplit("-", 1)[-1]) and w not in PARTICLE_NOUNS
    ]
    if len(nouns) > 1 and nouns == window and ending in _DETERMINERS:
        nouns = nouns[:-1]  # "which space telescope took this picture": a word before "this" is its verb
    if len(nouns) > 1 and nouns[-1] == window[-1] and ending in _VERB_PARTICLES:
        nouns = nouns[:-1]  # "which winged horse sprang from the blood of …": the word before "from" too
    return nouns[-1] if nouns else None


# "what is the capital of the country shown here", "which city serves as the capital of this state": a role
# of the thing shown, asked as what the wh-word is (not "what is the title of this painting", its name)
_SHOWN_ROLES = word_set("capital seat headquarters ruler leader king queen president founder patron")
_ROLE_OF_SHOWN = re.compile(
    r"^(?:which|what)(?:\s+[\w-]+)?\s+(?:is|was|are|were|serves\s+as|served\s+as)\s+the\s+([\w-]+)\s+of\s+"
    r"(?:the\s+(?:[\w-]+\s+){1,2}?(?:shown|pictured|depicted|in\s+(?:this|the)\s+(?:photo|picture|image))|this|these)\b"
)


def role_of_shown_asked(lower: str, bridge: str) -> str:
    """The role (`bridge`, "capital") a question asks of the thing shown itself ("which city serves as the
    capital of the country shown here?"); "" when the description leads elsewhere ("in which year was the
    architect of this building born?")."""
    match = _ROLE_OF_SHOWN.match(asking_clause(lower))
    return bridge if match and match.group(1) == bridge and bridge in _SHOWN_ROLES else ""


def bridge_description(lower: str, reference: str, type_noun: str | None) -> tuple[str, tuple[int, int]]:
    """The noun of a definite description that leads from the image to the answer — "the country where
    this tree frog lives", "the architect of this building", "the mountain range this glacier is in" — and
    where that description starts and ends; ("", (len, len)) when there is none. A relative clause
    ("where …", "that …") runs to the end of the question, or to the comma before the wh-clause of a
    question it fronts; "the architect of this building" ends with its image reference, and so does a
    clause without a pronoun, whose verb can be the question's own ("in which year did the country this
    plant is native to become independent"); "this animal's native country" is a bridge too
    (`possessed_kind`).

    Such a question asks about the described entity (the bridge), so the bridge is not the answer,
    and the words of its description say how to find the bridge, not what to ask of it.
    """
    for demonstrative in _DEMONSTRATIVE.finditer(lower):
        noun = demonstrative.group(2)
        if singular(noun) in NAME_NOUNS:  # "… has a nickname that calls it a horse. What is that nickname?"
            continue
        qualified = _QUALIFIED_KIND.match(lower, demonstrative.end())  # "that northern country"
        kind = qualified.group(1) if qualified else ""
        # not "the cape that this rocket …", nor "what was that place formerly called"
        if noun not in TYPE_NOUNS | STOPWORDS and kind and not re.search(r"(?:ly|ed)$", kind):
            noun = kind
        if noun in ("one", "ones"):  # "… lived in a German city. Which larger city is that one near?"
            kinds = [w for w in _WORD.findall(lower[: demonstrative.start()]) if singular(w) in TYPE_NOUNS]
            if not kinds:
                continue
            noun = singular(kinds[-1])
        if demonstrative.group(1) or noun in TYPE_NOUNS:
            # the sentences (or clauses: "… down to Patagonia — what's the capital of that country?") before
            # describe what "that republic" refers to; the asking one asks
            scene = max((m.end() for m in _CLAUSE_BREAK.finditer(lower, 0, demonstrative.start())), default=0)
            span = (0, scene) if scene else (demonstrative.start(), demonstrative.end())
            return noun, span
    same = _SAME_KIND.search(lower)  # "which bright star is found in the same keel-shaped constellation?"
    if same and same.group(1) != type_noun:
        return same.group(1), same.span()
    possessed = possessed_kind(lower, type_noun) or kind_of_shown_back(lower, type_noun)
    if possessed:
        return possessed
    for match in [*_BRIDGE.finditer(lower), *_BRIDGE_ACROSS.finditer(lower)]:
        noun = match.group(1)
        last = noun.split()[-1]
        spots = _PLACED_AT.finditer(lower) if last in _POSITION_NOUNS else iter(())
        placed = next((spot for spot in spots if spot.end() == match.start()), None)
        start = placed.start() if placed else match.start()
        if placed:  # "the tower at the top of this palace": the thing at that spot, not the spot
            noun, last = placed.group(1), placed.group(1).split()[-1]
        part_of_reference = bool(reference) and (noun in reference or reference in noun)
        aspect = last in FACET_NOUNS or singular(last) in FACET_NOUNS  # "the largest numbers of this animal"
        if (
            not part_of_reference
            and not aspect
            and last not in STOPWORDS
            and not set(noun.split()) & IMAGE_WORDS
        ):
            relative = match.group(2) in _RELATIVES
            if relative:
                clause_end = _CLAUSE_END.search(lower, match.end())
                end = clause_end.start() if clause_end else len(lower)
            else:
                end = match.end() + _reference_length(lower[match.end() :], reference)
            return noun, (start, end)
    ahead = indefinite_bridge(lower, _THIS.search(lower))
    if ahead and ahead.group(1) != type_noun:  # "this plant is native to a country that won … in what year"
        return ahead.group(1), (ahead.start(1), len(lower))
    return "", (len(lower), len(lower))


# "… Off the coast of which country does its nation lie?": a kind the pronoun's thing has
_ITS_KIND_ASKED_BACK = re.compile(rf"\bits\s+((?:[\w-]+\s+)?(?:{_KIND_NOUNS}))\b")


def kind_of_shown_back(lower: str, type_noun: str | None) -> tuple[str, tuple[int, int]] | None:
    """A bridge the asking sentence gives as "its <kind>" when an earlier sentence points at the image's
    thing: "The city in this picture is a national capital. Off the coast of which country does its nation
    lie?" → "nation" (the city's), not a kind the question asks ("… Which constellation is its home?")."""
    clause = _CLAUSE_BREAK.split(lower)[-1]
    if clause == lower or _THIS.search(clause) or not _THIS.search(lower[: len(lower) - len(clause)]):
        return None
    owned = _ITS_KIND_ASKED_BACK.search(clause)
    kind = owned.group(1).split()[-1] if owned else ""
    # (not the thing asked itself: "… What is its native country?")
    if not owned or not type_noun or singular(kind) == type_noun:
        return None
    if re.match(r"(?:what|which)\s+(?:is|was|are|were)\s+its\b", clause.strip()):
        return None
    start = len(lower) - len(clause) + owned.start()
    return kind, (start, start + len(owned.group()))


def indefinite_bridge(lower: str, after: re.Match[str] | int | None) -> re.Match[str] | None:
    """A thing of a kind that a statement leads to after `after` (a match or a position), whose relative
    clause holds what is asked: "… native to a country that won independence from spain in what year"."""
    if after is None:
        return None
    ahead = _INDEFINITE_BRIDGE.search(lower, after if isinstance(after, int) else after.end())
    return ahead if ahead and ahead.group(1).split()[-1] in TYPE_NOUNS else None


def outer_descriptions(plain: str, bridge: str, start: int) -> list[str]:
    """Descriptions that lead on from the bridge (its description starts at `start`): those around it ("the
    empress who rebuilt the palace where this …" → "empress"), and, for a bridge an earlier sentence
    introduced, those the asking sentence ties to "that <bridge>" ("… shares its name with a volcano. What
    is the capital of the country where that volcano stands?" → "country")."""
    if not bridge:
        return []
    around = [m.group(1) for m in _OUTER.finditer(plain[:start])]
    tied_back = compiled(
        rf"\bthe\s+((?:[\w-]+\s+){{0,2}}?[\w-]+)\s+(?:that|which|where|whose|who)\b[^?.]*?\bthat\s+"
        rf"{re.escape(bridge)}\b"
    )
    # "this flower's genus is native to a country that …": past a thing the image's thing has (not past "the
    # museum that holds this painting", whose "city that sits at …" the bridge's own entry leads to)
    possessed = plain.startswith(("this", "these"), start)
    ahead = indefinite_bridge(plain, start) if possessed else None
    ahead_kind = [ahead.group(1)] if ahead and ahead.group(1) != bridge else []
    return [*around, *(m.group(1) for m in tied_back.finditer(plain[start:])), *ahead_kind]


def possessed_kind(lower: str, type_noun: str | None) -> tuple[str, tuple[int, int]] | None:
    """A bridge the image's thing possesses — "the capital of this animal's native country" →
    ("country", its span) — when what it possesses is a kind of entity other than the one asked for
    ("what is this animal's native country" asks for that country: no bridge)."""
    for match in _POSSESSOR.finditer(lower):
        for word in itertools.islice(re.finditer(r"[\w-]+", lower[match.end() :]), 3):
            if word.group() in STOPWORDS:
                break
            if word.group() in TYPE_NOUNS:
                span = (match.start(), match.end() + word.end())
                return (word.group(), span) if word.group() != type_noun else None
    return None


def head_noun(description: str) -> str:
    """The noun a description is headed by: its last word before a participle or particle ("river
    flowing out" → "river", "mountain range" → "range", "palace complex" → "complex")."""
    words: list[str] = []
    for word in description.split():
        if words and (word.endswith(("ing", "ed")) or word in _PARTICLES):
            break
        words.append(word)
    return words[-1] if words else ""


def _reference_length(rest: str, reference: str) -> int:
    """Characters of `rest` (what follows "this") taken by the image reference's words."""
    match = re.match(rf"\s*{re.escape(reference)}\b" if reference else r"\s*[\w'’-]+", rest)
    return match.end() if match else 0


def question_names(text: str) -> list[str]:
    """Capitalised words of the question that do not start a sentence ("Leo", "Virgo")."""
    names = []
    for sentence in _SENTENCE_BREAK.split(text):
        names += [unpossessed(w) for w in _WORD.findall(sentence)[1:] if is_capitalised(w)]
    return names


IRREGULAR_PLURALS = {"feet": "foot", "teeth": "tooth", "geese": "goose", "mice": "mouse"}


def irregular_plural(noun: str) -> str | None:
    """The plural of `noun` when it is not made with "-s" ("foot" → "feet"); None otherwise."""
    return next((many for many, one in IRREGULAR_PLURALS.items() if one == noun), None)


_IES_NOT_Y = word_set("species series")  # no plural of a word in -y


def narrowing_word(lower: str, type_noun: str | None) -> str:
    """The adjective or noun that narrows the asked kind where the question names it ("which philosophical
    movement" → "philosophical", "a whole literary genre. which genre?" → "literary", "which art movement"
    → "art"); not a word that only grades or counts ("which famous movement", "which other genre")."""
    if not type_noun:
        return ""
    for match in re.finditer(rf"\b([a-z][a-z-]+)\s+{re.escape(type_noun)}(?:s|es)?\b", lower):
        word = match.group(1)
        if word in STOPWORDS | _MODIFIERS | _DETERMINERS or _WH_WORD.match(word):
            continue
        if is_adjective(word) or is_noun(word):
            return word
    return ""


def singular(word: str) -> str:
    """ "moons" → "moon", "seas" → "sea", "feet" → "foot", "cities" → "city"; "glass", "gas" stay, and
    "species" is no plural of a word in -y."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if len(word) > 4 and word.endswith("ies") and word not in _IES_NOT_Y:
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def kind_word(word: str) -> str:
    """A plural of an answer kind in its singular ("constellations" → "constellation"); a kind that is
    plural in its own right ("islands", "plains") and any other word stay as written."""
    return singular(word) if word not in TYPE_NOUNS and singular(word) in TYPE_NOUNS else word


def unpossessed(word: str) -> str:
    """ "Jupiter's" → "Jupiter": a name's possessive ending is not part of the name."""
    return re.sub(r"['’]s?$", "", word)


def named_entities(text: str) -> list[str]:
    """Names the question gives in words, as whole spans ("… on Venus?" → ["Venus"], "… in Ursa Major" →
    ["Ursa Major"]): runs of capitalised words that do not start a sentence — unless the sentence opens
    with a name as its subject, followed by a verb in the singular or the past ("Capella is the brightest
    star of …", "Mars has …", "Poseidon ruled …"; not "Penguins like this one …"), or with a name of two
    words ("Ada Lorne flew …"), or with a name a description follows in apposition ("Tucana, a faint
    southern constellation, …", "Nanjing, once a capital of …"). A name that qualifies a unit ("How many
    Earth days …") is left out."""
    spans = []
    for sentence in _LEAD_IN_BREAK.split(text):
        run: list[str] = []
        words = _NAME_TOKEN.findall(sentence)  # with commas, which end a name ("Rome, Italy's capital")
        opens_with_name = _opens_with_subject(words) or _opens_with_name(words) or _opens_apposed(sentence)
        for i, word in enumerate([*words, ""]):
            if is_capitalised(word) and (i > 0 or opens_with_name):
                run.append(unpossessed(word))
                if word != run[-1]:  # "Juno's Greek counterpart": a possessive ends its name
                    spans.append(" ".join(run))
                    run = []
            elif run and word in _NAME_LINKS and words[i + 1 : i + 2] and words[i + 1][:1].isupper():
                run.append(word)  # "Tower of London", "Tierra del Fuego"
            elif run:
                if word.lower() not in UNITS:  # "How many Earth days …": a unit's qualifier, not a name
                    spans.append(" ".join(run))
                run = []
    return spans


_NAME_TOKEN = re.compile(rf"{_WORD.pattern}|,")
_NAME_LINKS = word_set("of de del da du la van von")  # lower-case words inside a name
_FIRST_PERSON = word_set("I I'm I've I'd I'll I’m I’ve I’d I’ll")


def is_capitalised(word: str) -> bool:
    """Whether a word is written with a capital as a name is: not the pronoun "I" ("Which one did I
    catch?")."""
    return word[:1].isupper() and word not in _FIRST_PERSON


def _opens_with_name(words: list[str]) -> bool:
    """Whether a sentence opens with a name of two capitalised words ("Ada Lorne flew …", "Isla de
    Plata lies …")."""
    first, second, third = (words + ["", "", ""])[:3]
    named = second[:1].isupper() or (second in _NAME_LINKS and third[:1].isupper())
    return first.lower() not in STOPWORDS | _OPENERS and named


_WH_OR_PRONOUNS = word_set("what which who where when why how it that there here this he she")
_INTERJECTIONS = word_set("yes no so well now here ok okay oh hey look")
_APPOSED_OPENING = re.compile(  # "Tucana, a faint …", "Rome, Italy's capital", "Hera, queen of the gods"
    r"^([A-Z][\w'’-]*),\s+(?:(?:once|formerly|now|long|still)\s+)?(?:an?|the|with|its|which|who|whose"
    r"|[A-Z][\w-]*['’]s|[a-z]+\s+of)\s"
)


def _opens_apposed(sentence: str) -> bool:
    """Whether a sentence opens with a word a description follows in apposition ("Tucana, a faint …")."""
    opening = _APPOSED_OPENING.match(sentence)
    return bool(opening) and opening.group(1).lower() not in STOPWORDS | _OPENERS | _INTERJECTIONS


def _opens_with_subject(words: list[str]) -> bool:
    """ "Capella is …", "Poseidon ruled …", "Cetus itself lies …", "Neptune's existence …": a name as the
    sentence's subject or its possessor."""
    first, verb = (words + ["", ""])[:2]
    subject = bool(_SINGULAR_VERB.fullmatch(verb)) or verb in ("itself", "himself", "herself")
    possessor = unpossessed(first)  # not "What's", "There's": a wh-word or pronoun contracted with "is"
    subject = subject or first != possessor and possessor.lower() not in STOPWORDS | _WH_OR_PRONOUNS
    return first.lower() not in STOPWORDS | _OPENERS | _WH_OR_PRONOUNS and subject  # not "She was …"


def named_unit(lower: str) -> str:
    """The unit a question names for its number ("how many square miles …" → "miles", "how many light
    years …" → "light-years", "what is the widest it gets, in degrees" → "degrees"): its answer is the
    number stated in that unit; "" when it counts things or names no unit."""
    match = _COUNTED_UNIT.search(lower) or _UNIT_TAIL.search(lower)
    if not match:
        return ""
    unit = unit_of(match.group(1) or "", match.group(2))
    return unit if unit in UNITS else ""


def unit_key(unit: str) -> str:
    """One spelling per unit, so a question's "degrees" finds a text's "47.8°" and its "kilometres" a
    "384,400 km"."""
    return singular(_UNIT_SPELLINGS.get(unit, unit))


def unit_of(qualifier: str, word: str) -> str:
    """The unit a word states, with its qualifier where the two make one unit ("light years" is a
    length, "Earth days" a duration)."""
    word = word.lower().replace(" ", "")  # "° C" → "°c"
    return f"light-{word}" if qualifier.strip().lower() == "light" else word


def _measured(lower: str) -> str:
    """The quantity a measure question asks for ("how far" → "far"), or ""."""
    match = _MEASURE.search(lower)
    return next((group for group in match.groups() if group), "") if match else ""


def year_role(lower: str) -> Literal["start", "end"] | None:
    """Whether a year question asks a start or an end, read from the sentence that asks before the whole
    question ("… the last ruler of England. In which year did her reign begin?" asks a start)."""
    return _year_role(asking_clause(lower)) or _year_role(lower)


# "the southern end of Manhattan Island": the end of a place, not of a span of time
_END_OF_PLACE = re.compile(r"\b(?:[a-z]+ern|far|other|upper|lower)\s+end\s+of\b")


# "this battle ended in a rebel win": how a thing came out, not the end of a span of time
_ENDED_IN_OUTCOME = re.compile(
    r"\b(?:end|ends|ended)\s+(?:in|with)\s+(?:an?\s+|the\s+)?(?:[a-z-]+\s+)?"
    r"(?:win|victory|defeat|draw|stalemate|truce|treaty|surrender|rout)\b"
)


def _year_role(lower: str) -> Literal["start", "end"] | None:
    lower = _ENDED_IN_OUTCOME.sub(" ", _END_OF_PLACE.sub(" ", lower))
    if re.search(
        r"\b(die|died|death|dies|end|ended|closed|until|till|leave|leaves|exit|exits|last|up\s+to)\b", lower
    ):
        return "end"
    if re.search(
        r"\b(born|birth|start|started|began|begin|founded|opened|enter|enters|moves?\s+into)\b"
        r"|^(?:from|since)\s+(?:which|what)\s+century\b",  # "from which century did it flourish" (not a
        # year: "from what year on did he live there" is no life's first year)
        lower,
    ):
        return "start"
    return None
