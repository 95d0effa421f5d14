"""Short answers: candidate spans of the evidence lines, ranked against the question's expected type.

A candidate is a name (a capitalised span, a line's own title or name list), a year, a number, a
colour, a demonym, a binomial, or "<modifier> <type noun>" ("southern hemisphere"). Its score is

    type fit × line weight × (0.5 + line relevance) × novelty + nearness to the question's words

- type fit: does the evidence say the span is the kind of thing asked for? The span ends in the
  type noun ("Indian Ocean"), the noun stands right before it ("the constellation Leo"), or the
  span's own entry defines it with that noun ("Lima: the capital of …") — an entry among the
  evidence, else the KB's entries under the span's exact title (see `looking_up_entries`);
  years, numbers, colours and the like must simply have their form;
- line weight and relevance: how close the line is to the image's entity chain, and to the question;
- novelty: names the question already gives and the image's own entity (unless asked for) are out;
- nearness: a span close to a question word in its clause ("to the east by the Indian Ocean").
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from nodes.extractive.anchor import (
    BODY_HEADS,
    DEMONYM,
    bare,
    definition,
    entry_names,
    mentions,
    names_in,
    place_of,
    same_entity,
)
from nodes.extractive.lexicon import (
    answered_by_common_noun,
    is_adjective,
    is_kind_of,
    is_kind_of_people_or_places,
    is_noun,
    lemma_of,
    nouns_of_adjective,
    sense_count,
)
from nodes.extractive.question import (
    ASIDE_WORDS,
    BESIDE_A_NAME,
    DEMONYM_SHAPE,
    IMAGE_WORDS,
    LOOK_CAUSED,
    MIN_VERB_STEM,
    NAME_NOUNS,
    NOUN_PHRASE_ENDS,
    NUMBER_WORDS,
    PARTICLE_NOUNS,
    PURPOSE_ASKED,
    RECORD_HELD,
    RESEMBLE,
    SPELLED_INITIALS,
    STOPWORDS,
    TYPE_NOUNS,
    UNIT_FAMILIES,
    UNITS,
    WHERE_IN,
    WHOLE_WORLD,
    QuestionShape,
    asked_words,
    asking_clause,
    compiled,
    content_words,
    head_noun,
    image_reference,
    irregular_plural,
    placed_inside_shown,
    qualifies_asked,
    set_aside,
    singular,
    unit_key,
    unit_of,
    unpossessed,
    word_set,
)

MAX_OBJECT_WORDS = 6  # words of the phrase a verb takes, at most ("eucalyptus leaves and bark")
MAX_ALIGNED_WORDS = 4  # words of the phrase the question's lead-up words point at, at most
ALIGN_CONTEXT_WORDS = 3  # the question's last words before its answer that must lead up to it, at most
ALIGN_GAP_WORDS = 4  # words of the text between two lead-up words, at most ("flows southward … into")
_GAP = rf"\s+(?:[\w'’-]+\s+){{0,{ALIGN_GAP_WORDS}}}?"  # the nearest lead-up first
# The phrase after the lead-up words: an optional article, then words up to a clause's end, a word that
# starts another phrase or a participle ("lying inside the Veil Nebula, …", "made of goatskin stretched …").
_ALIGNED_PHRASE = re.compile(
    r"\s+(?:as\s+|by\s+)?(?:(?:the|a|an|his|her|its|their)\s+)?((?:[\w'’-]+\s+)*?[\w'’-]+?)(?=\s*(?:[;,.():]|$)|\s+(?:and|or|but|that|which|who"
    r"|whom|whose|where|when|with|without|along|in|on|at|from|by|for|to|over|under|into|near|between|is|are|was"
    r"|were|rather)\b"
    r"|\s+[\w-]+(?:ed|ing)\b)"
)
# Participles that say how a thing relates, not what kind it is ("the so-called seals", "related seals").
_PARTICIPLES_NOT_KINDS = word_set("called named known related used located situated based considered listed")
_STOPWORD_PATTERN = "|".join(sorted(STOPWORDS))
_PRONOUNS = word_set("i you he she it we they him her us them this that these those there")
MAX_LOOK_WORDS = 3  # words describing a part before its noun, at most ("very large thin-walled beak")
_INTENSIFIERS = word_set("very rather quite extremely fairly somewhat relatively")
MAX_HABITAT_WORDS = 4  # words of a habitat phrase, at most ("shallow tropical seas")
_HABITAT = re.compile(
    r"\b(?:inhabits?|inhabiting|found\s+in|common\s+in|lives?\s+in|living\s+in)\s+(?:the\s+)?"
    r"([a-z][a-z -]*?)\s*(?=[;,.()]|$)"
)
UNKNOWN_TYPE_FIT = 0.25  # a name whose kind the evidence does not state
NEAR_BONUS = 0.3  # added for a span right next to a question word, shrinking with distance
# An entry restating the question's description: at least DESCRIBED_WORDS of the question's words in its
# definition, more than any other entry's; DESCRIBED_BONUS is added to its name's score (see described_entry)
DESCRIBED_WORDS = 5
SHOWN_NAMED_WORDS = 2  # words of a description an entry restates by naming the thing shown ("this river")
DESCRIBED_BONUS = 2.0
_RELATING_WORDS = word_set("during after before since until within without across along among around beyond")
_POINTS_AT_IMAGE = re.compile(r"\b(?:this|these|here|pictured|shown|image|photo|picture|drawing)\b", re.I)
MEASURED_OF_DESCRIBED = ("year", "number")  # answer types the described entry states of itself
RELATION_BONUS = 0.3  # added when the span's own entry ties the asked kind to the chain ("capital of Peru")
RELATION_WINDOW = 4  # words between the kind and the chain's name in that entry, at most
# A tie by the kind alone, when the question qualifies the kind ("a city in Australia" for the largest
# city or the capital of Australia): any entry of that kind in that place has it.
KIND_ONLY_RELATION_BONUS = 0.1
MAX_MODIFIERS = 3  # "what kind of tail": "long tufted tail", "large much-branched antlers"
CHAIN_MENTION_BONUS = 0.05  # per further chain entity a tied entry names
PAIRED_BONUS = 0.1  # added for a span the evidence pairs with a name the question pairs with its answer
# … and for one it sets "between" that name and itself as the question does ("lies between the Atlantic and
# which other body of water?" — "between the Atlantic and the Gulf of Mexico")
BETWEEN_PAIRED_BONUS = 0.5
# "<name> and which …", "which … and <name>": the question pairs a name with what it asks.
_PAIRED_ASK = re.compile(
    r"\band\s+(?:which|what)\b|\b(?:[Ww]hich|[Ww]hat)\b[^?]*\band\s+(?:the\s+)?[A-Z]"
    rf"|{BESIDE_A_NAME}(?:the\s+)?[A-Z]"
    r"|\b[Tt]he\s+other\b|\b(?:far|other|opposite)\s+side\s+from\s+[A-Z]"
    r"|\bbetween\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s+and\s+(?:an?|another|some)\b"
    r"|\b(?:separates?|separated|divides?|divided)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s+from\s+(?:which|what)\b"
)  # "besides Cetus, which constellation lies near it", "Gemini is one neighbour of it. What is the other?",
# "on the far side from Leo", "it sits between Andromeda and a zodiacal constellation", "the sea separates
# Alaska from which region" ("between Alaska and Siberia"): the answer stands with the name the question
# gives in the evidence
# "how long is that river", "how high is the mountain": a measure of a thing named by its kind
_MEASURED_THING = re.compile(
    r"\bhow\s+[a-z]+\s+(?:is|are|was|were)\s+(?:that|the|those)\s+((?:[a-z-]+\s+){0,2}[a-z]+)\b"
)
QUALIFIER_WINDOW = 4  # words before the kind in which the question's qualifier ("largest") must stand
MAX_PARTITIVE_WORDS = 4  # words before the "of" of a partitive ("the central and largest of …"), at most
RANKED_FIT = 0.5  # a span its own line ranks below the superlative asked for ("the second largest")
RANK_STATED_FIT = 1.25  # a span its own line ranks as the question asks ("ranks second" — "second largest")
_SUPERLATIVE = re.compile(r"^[a-z]{2,}est$")
_MOST_SUPERLATIVE = re.compile(r"^(?:[a-z]{2,}ern|inner|outer|upper|top|utter|hind|fore)most$")
_NOT_SUPERLATIVES = word_set("west northwest southwest forest interest harvest crest chest guest request")
# A rank below the top, as an entry or a question writes it: "2nd", "second", "10th"
_BELOW_TOP = r"\d+(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
_RANKED = re.compile(rf"^(?:{_BELOW_TOP})$")
COLOURS = word_set("""
    red orange yellow green blue purple violet pink brown black white grey gray golden silver scarlet
    crimson tawny beige cream turquoise indigo maroon olive lilac mauve magenta cyan amber bronze
    copper ivory ochre rust tan
""")
CONTINENTS = {"Africa", "Antarctica", "Asia", "Australia", "Europe", "North America", "South America"}
_KINGDOM_KINDS = word_set("kingdom monarchy principality sultanate emirate")
# Forms of government a country's entry states ("a constitutional monarchy", "a federal republic").
FORMS_OF_GOVERNMENT = word_set(
    "monarchy republic democracy dictatorship federation theocracy sultanate emirate"
)
# what a country's entry calls it: a country, or its form of government ("a parliamentary democracy", "a
# military dictatorship in northern Africa")
_COUNTRY_KINDS = _KINGDOM_KINDS | FORMS_OF_GOVERNMENT | word_set("country nation")
_BUILDING_KINDS = word_set(
    "building tower palace temple church cathedral castle fortress hall house pagoda mosque monument"
)
_ORGANIZATION_KINDS = word_set(
    "organization organisation union alliance federation league association agency confederation"
)
SYNONYMS: dict[str, frozenset[str]] = {
    "country": _COUNTRY_KINDS,
    "nation": _COUNTRY_KINDS,
    "power": _COUNTRY_KINDS,  # "which European power ruled it as a colony": a country
    "state": _COUNTRY_KINDS | {"state"},
    "kingdom": _KINGDOM_KINDS,
    "city": word_set("city capital town port metropolis municipality"),
    "town": word_set("town city village"),
    "place": word_set(
        "city town village country nation republic kingdom region state province island port continent"
    ),
    "region": word_set("region area province territory state district"),
    # "the homeland of this ox": a region, a country, an island
    "homeland": word_set("homeland home region area province territory state country island"),
    "territory": word_set("territory region province state"),
    "people": word_set("people peoples tribe tribes nation"),
    "tribe": word_set("tribe tribes people peoples"),
    "ocean": word_set("ocean sea"),
    "sea": word_set("sea ocean"),
    "body": word_set("sea ocean gulf bay lake strait channel sound"),  # "which body of water"
    "mountain": word_set("mountain mountains range peak volcano"),
    "peak": word_set("peak mountain volcano summit"),
    "range": word_set("range mountains"),
    "company": word_set("company corporation manufacturer firm maker"),
    "organization": _ORGANIZATION_KINDS,
    "organisation": _ORGANIZATION_KINDS,
    "museum": word_set("museum gallery"),
    "group": word_set("group cluster asterism"),
    "pattern": word_set("pattern group asterism"),  # "which pattern of stars": "a group of seven stars"
    "moon": word_set("moon moons satellite satellites"),
    "currency": word_set("currency money unit"),
    "service": word_set("service navy army force corps guard marines"),
    # "what building crowns the hill": "the Tower of …"
    "building": _BUILDING_KINDS,
    "structure": _BUILDING_KINDS | word_set("structure bridge dam"),
}
# "what kind of habitat is this cat found in": a kind of land or water a gloss names ("feline of forests")
_HABITAT_KINDS = word_set("""
    forest forests woodland woodlands jungle jungles rainforest rainforests desert deserts grassland
    grasslands savanna savannas savannah savannahs steppe steppes prairie prairies plain plains meadow
    meadows marsh marshes swamp swamps wetland wetlands bog bogs tundra scrub heath reef reefs coast coasts
    shore shores
""")
_HABITAT_ASKED = word_set("habitat environment terrain surroundings biome landscape")
# Kinds of water a gloss says a thing lives in: "what kind of water does it inhabit" — "brackish lakes"
_WATER_KINDS = word_set("""
    lake lakes sea seas ocean oceans river rivers stream streams pond ponds lagoon lagoons estuary estuaries
    water waters marsh marshes swamp swamps
""")
# "what kind of diet does it have": a closed class, as a gloss writes it ("terrestrial and vegetarian")
DIETS = word_set(
    "vegetarian herbivorous carnivorous omnivorous insectivorous frugivorous piscivorous granivorous"
)
SYNONYMS |= dict.fromkeys(_HABITAT_ASKED, _HABITAT_KINDS)
SYNONYMS["water"] = _WATER_KINDS
MEASURED = {
    "long": ("length", "duration"), "tall": ("length",), "high": ("length",), "far": ("length",),
    "deep": ("length",), "wide": ("length",), "thick": ("length",), "thickness": ("length",),
    "big": ("length", "area"), "large": ("length", "area"),
    "old": ("duration",), "heavy": ("mass",), "massive": ("mass",), "hot": ("temperature",),
    "cold": ("temperature",), "warm": ("temperature",), "fast": ("speed",), "temperature": ("temperature",),
    "distance": ("length",), "length": ("length",), "height": ("length",), "depth": ("length",),
    "diameter": ("length",), "radius": ("length",), "width": ("length",), "circumference": ("length",),
    "altitude": ("length",), "elevation": ("length",), "mass": ("mass",), "weight": ("mass",),
    "speed": ("speed",), "period": ("duration",), "duration": ("duration",), "area": ("area", "length"),
    "weigh": ("mass",), "lifespan": ("duration",), "wingspan": ("length",), "age": ("duration",),
    "size": ("area", "length"), "share": ("share",), "percentage": ("share",), "proportion": ("share",),
    "fraction": ("share",), "percent": ("share",),
}  # fmt: skip
# Words allowed between a number and its unit ("224.7 Earth days", "4.2 light years", "2 square miles").
_UNIT_QUALIFIERS = (
    r"(?:(?:Earth|earth|light|solar|square|sq|cubic|Julian|sidereal|standard|nautical|statute)\s+)?"
)
# Measures stated without a unit: a question about one takes a bare number.
UNITLESS_MEASURES = word_set("magnitude population gravity")
_MULTIPLIERS = r"(?:\s+(?:thousand|million|billion|trillion))?"
_COUNT_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty"
_COUNT_WORD = re.compile(rf"^(?:{_COUNT_WORDS})\b")
_ORDINAL = re.compile(r"\b(\d{1,3})(st|nd|rd|th)\b", re.IGNORECASE)
ORDINAL_WORDS = {
    "first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th",
    "seventh": "7th", "eighth": "8th", "ninth": "9th", "tenth": "10th", "eleventh": "11th", "twelfth": "12th",
}  # fmt: skip
# "the 4th century BC", "the fifth century": a century as an entry states it.
_CENTURY = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)|{'|'.join(ORDINAL_WORDS)})\s+century(?:\s+(?:BC|AD|BCE|CE)\b)?",
    re.IGNORECASE,
)
# "flourished from the 13th to 17th century": the first century of a range, written without its noun
_CENTURY_RANGE_START = re.compile(
    r"\b(\d{1,2}(?:st|nd|rd|th))\s+(?:to|through|until|and)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s+centur"
)
_ASKS_CENTURY = re.compile(r"\b(?:what|which)\s+century\b", re.IGNORECASE)
_ASKS_WHEN = re.compile(r"\bwhen\b", re.IGNORECASE)
# "its body is roughly the size of what" — "pig-sized tailless rodent": the thing a size is given by
_SIZE_OF_ASKED = re.compile(r"\bsize\s+of\s+(?:what|which)\b", re.IGNORECASE)
_SIZED = re.compile(r"\b([a-z]+)-sized\b")
# "in which decade did it become independent" — "in the 1960s"
_ASKS_DECADE = re.compile(r"\b(?:what|which)\s+decade\b", re.IGNORECASE)
_DECADE = re.compile(r"\b\d{3}0s\b")
# "how much of that country lies below sea level": a share, stated as a fraction ("half the country").
_SHARE_ASKED = re.compile(
    r"\bhow\s+much\s+of\b|\bwhat\s+fraction\b", re.IGNORECASE
)  # "… what fraction of the Sun's?"
# "half", "two thirds", "one-thousandth that of the Sun"
_FRACTION = re.compile(
    r"\b(?:(?:one|two|three|four)[\s-]+)?(?:half|halves|third|thirds|quarter|quarters|fifth|fifths"
    r"|tenths?|hundredths?|thousandths?|millionths?)\b(?!\s+century)",
    re.IGNORECASE,
)
# "who was the husband of Rhea": her entry names him as the one she is the wife of.
_SPOUSE_ASKED = re.compile(r"\b(husband|wife|consort)\s+of\b", re.IGNORECASE)
_SPOUSES = {
    "husband": "(?:wife|consort)",
    "wife": "(?:husband|consort)",
    "consort": "(?:wife|husband|consort)",
}
# "whose daughter was Nox", "who was her father": her entry names the parent she is the child of.
_PARENT_ASKED = re.compile(
    r"\bwhose\s+(?:daughter|son|child)\b|\b(?:father|mother|parents?)\b", re.IGNORECASE
)
_CHILD_OF = r"(?:daughter|son|child|offspring)\s+of\s+(?:the\s+)?"
# "Are we seeing it face-on or from some other angle?", "an emission nebula, a planetary nebula or something
# else?": an option the question offers, whose form the answer shares ("edge-on", "dark nebula").
_OFFERED = re.compile(
    r"\b([\w-]+)\s+or\s+(?:from\s+)?(?:some(?:thing)?|any|an?)?\s*(?:other|else)\b", re.IGNORECASE
)
# What a thing is used for, as a gloss states it ("used chiefly as a draft animal in India", "used as human
# food"); asked: `PURPOSE_ASKED`
_PURPOSE = re.compile(
    r"\b(?:used|kept|raised|grown|bred|cultivated)\s+(?:[a-z]+ly\s+)?(?:as|for)\s+(?:an?\s+|the\s+|its\s+|their\s+)?"
    r"([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?=\s+(?:in|on|at|by|and|or|from)\b|\s*[;,.()]|\s*$)"
)
# A goal asked ("what was that program's goal", "what was it set up to do"), and as a gloss states it ("with
# the goal of putting a man in orbit", "undertaken by US to land a man on the Moon")
_GOAL_ASKED = re.compile(
    r"\b(?:goal|aim|objective|mission)\b"
    r"|\b(?:set\s+up|established|founded|meant|designed|intended|created|launched|undertaken|built)\s+to\s+do\b",
    re.IGNORECASE,
)
_GOAL = re.compile(
    r"\bwith\s+the\s+(?:goal|aim|purpose|object|objective)\s+of\s+([a-z][\w-]*(?:\s+[\w-]+){0,7}?)(?=\s*[;,.()\"]|$)"
    r"|\b(?:undertaken|designed|built|launched|intended|meant|established|founded|created)\b(?:\s+by\s+[\w.]+)?"
    r"\s+(to\s+[a-z][\w-]*(?:\s+[\w-]+){1,7}?)(?=\s*[;,.()\"]|$)"
)
# Markings asked ("what colour are the stripes, spots or swirls"), and as a gloss colours them ("striped,
# spotted or swirled with black", "marked with black and white")
_MARKINGS_ASKED = re.compile(
    r"\b(?:markings?|stripes?|spots?|swirls?|bands?|patches|blotches|streaks?)\b", re.I
)
_MARKED_WITH = re.compile(
    r"\b(?:striped|spotted|swirled|marked|banded|barred|blotched|streaked|mottled|flecked|dotted)\b[^;.()]*?"
    r"\bwith\s+([a-z-]+(?:\s+(?:and|or)\s+[a-z-]+)?)"
)
# What a doer of trade or growing deals in, asked ("Brazil leads the world in exporting which product?",
# "which crop is it the leading exporter of") and as a gloss states it ("world's leading coffee exporter",
# "largest exporter of tea")
_TRADE_ASKED = re.compile(r"\b(export|import|produc|grow)(?:ing|ers?|es|s|ed|e|tion)?\b", re.IGNORECASE)
_TRADE_RANK_WORDS = word_set("leading largest biggest main chief top major principal world")
_COLOUR_PAIR = re.compile(r"\b([a-z-]+)\s+and\s+([a-z-]+)\b")  # "golden-green and scarlet plumage"
_COLOURS_ASKED = re.compile(r"\b(?:what|which)\s+colou?rs\b", re.IGNORECASE)  # the colours, in the plural
_COLOUR_RANGE = re.compile(r"\b([a-z-]+)\s+to\s+([a-z-]+)\b")  # "pink to scarlet"
# "what shape do its stars trace": "W-shaped"; "describe the shape of this fruit": "globular"
# "what shape", "what letter shape is it known for", "the shape of", "what is its shape"
# "what letter-like shape", "shaped like which part of a ship", "which letter of the alphabet does its outline
# resemble" (a letter a gloss gives as a shape: "W-shaped")
_ASKS_SHAPE = re.compile(
    r"\bwhat\s+(?:[a-z-]+\s+)?shape\b|\bthe\s+shape\s+of\b|\bwhat\s+is\s+its\s+shape\b"
    r"|\b(?:which|what)\s+(?:capital\s+)?letter\b"
    r"|\bshaped\s+like\s+(?:which|what)\b",
    re.IGNORECASE,
)
_SHAPED = re.compile(
    r"\b[\w]+-shaped\b|\b(?:oval|round|rounded|globular|spherical|elliptical|egg-shaped|conical|cylindrical"
    r"|elongated|oblong|flattened|spiral|crescent|triangular|square)\b"
)
# "a planetary nebula shaped like a glowing ring" → "glowing ring"
_SHAPED_LIKE = re.compile(
    r"\bshaped\s+like\s+an?\s+((?:[a-z-]+\s+)?[a-z-]+?)(?=[,;.]|\s+(?:in|of|with|and|that|which)\b|$)"
)
# A superlative (or "first") and the noun phrase it heads, up to its clause's end or a preposition: "largest
# anthropoid ape;", "the largest wild dog of …", "the first planetary nebula ever catalogued".
_RECORD = re.compile(
    r"(?:\b(?:\d+(?:st|nd|rd|th)|second|third)\s+)?(?:\b(?:most|least)\s+)?\b([a-z]+est|first)\b"
    r"(?:\s+(?!(?:in|of|on|at|that|which|with|and|to|the|a|for|by|from|after|than|among)\b)[a-z][\w-]*)"
    r"{1,4}?(?=\s*[;,.:()]|\s*$|\s+(?:in|of|on|at|among|that|which|with|for|from)\b)",
    re.IGNORECASE,
)
# How a species is faring, asked ("what is its conservation status", "is it doing well or in trouble")
# and as a gloss states it ("in danger of extinction", "endangered", "now rare").
_STATUS_ASKED = re.compile(
    r"\b(?:status|endangered|threatened|survival|doing\s+well|in\s+trouble|at\s+risk|situation|faring"
    r"|doing\s+as\s+a\s+species)\b",
    re.IGNORECASE,
)
_STATUS = re.compile(
    r"\b(?:(?:now|nearly|critically|highly)\s+)?(?:endangered|extinct|rare|threatened|vulnerable)\b"
    r"|\bin\s+danger\s+of\s+extinction\b|\b(?:widely\s+|strictly\s+)?protected\b"
)
# A danger asked ("what's dangerous about it", "would it be safe to touch"), and as a gloss states it ("a very
# poisonous lionfish")
_DANGER_ASKED = re.compile(r"\b(?:dangerous|safe|careful|harmful|hazardous)\b", re.IGNORECASE)
_DANGER = re.compile(r"\b(?:(?:very|highly|extremely|deadly|mildly)\s+)?(?:poisonous|venomous|toxic)\b", re.I)
_LIKENESS = re.compile(r"\b([a-z]{3,})-?like\b")
_YEAR = re.compile(r"(?<![\d,.])\b(\d{3,4})\b(?![,.]\d)(?:\s*(?:AD|BC|BCE|CE)\b)?")  # not "384" of "384,400"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# "March 3, 1921", "3 March 1921"; a day of every year without one ("from about November 22 to …"); a
# month of a year ("in February 2015")
_DATE = re.compile(
    rf"\b{_MONTH}\s+\d{{1,2}}\b(?:,?\s+\d{{3,4}}\b)?|\b\d{{1,2}}\s+{_MONTH}\b(?:\s+\d{{3,4}}\b)?"
    rf"|\b{_MONTH}\s+\d{{4}}\b"
)
# "from about April 20 to May 20": two days joined as a range
_DATE_RANGE = re.compile(
    rf"\b((?:{_DATE.pattern})\s+(?:to|until|through|-|–)\s+(?:about\s+)?(?:{_DATE.pattern}))"
)
DAY_FOR_YEAR_FIT = 0.5  # a day without a year ("about May 20"), when the question asks "when" of a thing
YEAR_FOR_DATE_FIT = 0.5  # a year alone, when the question asks for a date the evidence may give in full
OTHER_END_FIT = 0.5  # a date that opens a range when the question asks when it ends ("until"), or the reverse
# "in which years", "over what years": several years, answered as the span a gloss states ("1894 and 1895")
_ASKS_YEARS = re.compile(r"\b(?:which|what)\s+years\b", re.IGNORECASE)
_YEAR_SPAN = re.compile(r"\b(\d{3,4}\s*(?:and|to|-|–)\s*\d{3,4})\b")
# "(1853-1890)", "(1930-)": still living; "(428-347 BC)": both years of that era
_YEAR_RANGE = re.compile(r"\((?:born\s+)?(\d{3,4})\s*[-–]\s*(\d{3,4})?(?:\s*(B\.C\.(?:E\.)?|BCE?))?\)")
_NUMBER = re.compile(r"(?:(?<![\w.])[−-])?\b\d[\d,]*(?:\.\d+)?\b")
# A capitalised word inside a sentence right before a numeral, or hyphened to it: the numeral ends a name ("by
# Falcon 9", "The Voyager-2 deep-space probe")
_NAME_BEFORE = re.compile(r"[^.:;!?\s]\s+[A-Z][\w-]*\s$|\b[A-Z][a-z]+-$")
_VAGUE_COUNT = re.compile(
    r"\b(?:several|a\s+few|a\s+couple\s+of|many|some)\s+(?:hundreds?|thousands?|millions?|billions?)"
    r"(?:\s+(?:of\s+)?(?:hundreds?|thousands?|millions?|billions?))*\b"
)
_COUNT_COMPOUND = re.compile(r"-[a-z]")  # "44-gun", "12-story": a numeral hyphened to what it counts
_NAME_NUMERAL = re.compile(r"\d{1,3}")  # "Messier 101", "Apollo 11"; not "southeastern Asia 20,000 years ago"
# "how many main isles are …": the words a count question counts, up to its verb.
_COUNTED = re.compile(
    r"\bhow\s+many\s+((?:[a-z-]+\s+){0,2}?[a-z-]+?)(?=\s+(?:are|is|were|was|do|does|did|has|have|had|can|will|would"
    r"|lie|live|exist|there|in|on|of|make)\b|\s*$)"
)
# "how many astronauts made up each crew": a plural noun right after "how many", whatever verb follows
_COUNTED_PLURAL = re.compile(r"\bhow\s+many\s+([a-z-]+s)\b")
# "how many times as (or more) massive as Earth is it": a multiple counts times of the quality asked ("95
# times as massive"), not of another one ("nine times the radius")
_TIMES_AS = re.compile(r"\bhow\s+many\s+times\s+(?:as|more)\s+(?!than\b)([a-z-]+)")
# "… had to finish a set of labours. How many?": a bare count of the plural the sentence before ends with
_COUNTED_BEFORE = re.compile(r"\b([a-z-]{3,}s)\s*[.!]\s+how\s+many(?:\s+(?:are|were)\s+there)?\s*\??\s*$")
UNBOUND_COUNT_FIT = 0.6  # a number that does not count the noun a count question asks about
COUNT_WINDOW = 3  # words between a number and the noun it counts, at most ("three main isles")
_TOKEN = re.compile(r"[\w'’-]+")
_COUNT_TOKEN = re.compile(r"\d[\d,.]*\d|[\w'’-]+")  # a number with separators is one token: "3,000"
# "Giraffa camelopardalis", or a trinomial: "Cervus elaphus canadensis"
BINOMIAL = re.compile(r"^[A-Z][a-z]+ [a-z]{3,}(?: [a-z]{3,})?$")
_NAMING = re.compile(r"\b(?:called|named|known\s+as|nicknamed)\b")
_NAME_ASKED = re.compile(r"\b(?:what|which)\s+name\b|\bname\s+(?:is\s+|was\s+)?given\b", re.IGNORECASE)
_COPULAS = word_set("is was are were")
_POSSESSIVES = word_set("its his her their our my your whose")
_HEAD_ENDS = word_set("""
    of in on at from that which who whose with between near to into through by for as under over after
    before during since until across around along within about like where when while outside inside
    beyond beside behind among above below beneath toward towards off
""")  # "a constellation outside the zodiac" is a constellation
_LINKING = word_set("of de van von da du la le del the and")
_ARTICLES = word_set("the a an")
_DETERMINERS = word_set("the a an its their his her some many several most much all both each every")
COORDINATED_FIT = 0.8  # a name listed together with a name whose entry says it is of the asked kind
TYPED_PHRASE_FIT = 0.6
QUALIFIER_FIT = 0.25  # a name that only qualifies the noun after it, for a question that asks a thing
LEXICON_KIND_FIT = 1.0  # a common noun that WordNet makes a kind of the asked noun ("tennis" for a sport)
OTHER_KIND_FIT = 0.1  # evidence says the span is another kind of thing
# The ranks of biological classification: "the family Boletaceae" is no genus, whatever verb leads to it.
TAXONOMIC_RANKS = word_set("kingdom phylum division class order family subfamily tribe genus species")
NAMED_COLOUR_FIT = 0.5  # a colour that only the thing's name holds, not the words describing it
_PEOPLES = re.compile(r"\b[A-Z][\w-]*\s+(?:tribes|peoples?|settlers|colonists|nomads|natives)\b")
MAX_DOER_WORDS = 4  # words of the phrase before a verb that says who or what does it, at most
_BEFORE_CHRIST = re.compile(r"\b(\d{1,4})\s+(?:B\.C\.(?:E\.)?|BCE?)(?!\w)")  # a year's era is part of it
# "in Charles Messier's catalogue", "Messier gave it a number in his catalogue": the catalogue's name
_CATALOGUE = re.compile(
    r"\b([A-Z][a-z]+)(?:['’]s\s+(?:[\w-]+\s+)?|\s+(?:gave|assigned|listed|numbered)\b[^?.]*\b(?:his|her|its)\s+)catalog"
)
_SPAN_OF_YEARS = re.compile(r"\bfrom\s+(\d{3,4})\s+(?:to|until|till)\s+(\d{3,4})\b")
_LIFE_ASKED = re.compile(r"\b(?:born|birth|die|died|dies|death)\b", re.IGNORECASE)
STATES_GIVEN_NUMBER = 0.3  # added to a line's support when it states the numbers the question gives
_GIVEN_NUMBER = re.compile(r"(?<![\w,])\d[\d,]*\d|(?<![\w,])\d(?![\w,])")
LOCATIVE_FIT = 0.35  # a name after "in", "at", "near" or "from", when a place is asked for
DEFINED_FIT = 0.9  # the span's own entry defines it with the asked kind at its head
ASKED_VERB_AGENT_FIT = 1.25  # the agent of the question's own verb, in the passive ("discovered by X")
# A definition the question restates: DEFINITION_WORDS of its words at least, DEFINITION_SHARE of them
DEFINITION_WORDS = 3
DEFINITION_SHARE = 0.75
ALIGNED_FIT = 1.25  # the phrase the question's own words lead up to ("won its independence from" — "Castile")
# Irregular verbs a question asks with, as the participle a gloss states the deed with.
PARTICIPLES = {
    "slew": "slain", "slay": "slain", "wrote": "written", "write": "written", "drew": "drawn",
    "draw": "drawn", "took": "taken", "gave": "given", "saw": "seen", "stole": "stolen", "chose": "chosen",
    "bore": "borne", "threw": "thrown", "flew": "flown", "knew": "known", "grew": "grown", "began": "begun",
    "sang": "sung", "sank": "sunk", "beat": "beaten", "rode": "ridden", "hid": "hidden", "froze": "frozen",
    "feed": "fed", "feeds": "fed", "lead": "led", "leads": "led", "hold": "held", "holds": "held",
    "build": "built", "builds": "built", "fight": "fought", "win": "won", "wins": "won", "make": "made",
    "makes": "made", "bring": "brought", "teach": "taught", "keep": "kept", "send": "sent",
}  # fmt: skip
OWN_KIND_BONUS = 0.3  # added when the image's own entity is of the asked kind (it answers, see is_own_kind)
OWN_STATED_BONUS = 0.2  # added when the image's own entry states a place of the asked kind (stated_by_own)
ROLE_NOUNS = word_set("capital capitals seat")  # "the capital of X": a place's role in X, not X's kind
PLACE_KINDS = word_set(
    "place city town village country nation region state province island continent"
)  # "<modifier> <type noun>" phrases: an answer only when no named entity fits


@dataclass(frozen=True)
class EvidenceLine:
    """One sentence of evidence with its provenance and its place in the run's reading."""

    title: str
    text: str
    source_id: str
    weight: float = 1.0  # closeness to the image's entity chain, in (0, 1]
    relevance: float = 0.0  # similarity to what the question asks, about [-1, 1]


@dataclass(frozen=True)
class Span:
    text: str
    score: float
    line: EvidenceLine


_CAPITALISED_NAME = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"  # "Corona Borealis", "Tarna New Kell"
# Names a line lists together: "between Lyra and Corona Borealis", "the South Pacific and the Indian Ocean",
# "Pisces, Aries and Taurus".
_NAME_IN_LIST = rf"(?:the\s+)?{_CAPITALISED_NAME}"
_LISTED_NAMES = re.compile(rf"{_NAME_IN_LIST}(?:,\s+{_NAME_IN_LIST})*,?\s+and\s+{_NAME_IN_LIST}")


LISTED_SHARE = 0.2  # a listed span's weakest member scores at least this share of the best span


def listed_together(spans: Sequence[Span]) -> Span | None:
    """For a question asking two or more things: the names one line lists together, each of them a
    candidate answer ("Leo and Gemini"), as one span; the list whose weakest member scores best wins, so a
    list with the bridge or a poor candidate in it ("Cancer and Virgo") loses to one of good candidates."""
    scores = {span.text: span.score for span in spans}
    # (not a list far weaker than the best span: "Australia and New Guinea" when "ants" is what is hunted)
    floor = spans[0].score * LISTED_SHARE if spans else 0.0
    best: Span | None = None
    for line in dict.fromkeys(span.line for span in spans):
        for listed in _LISTED_NAMES.finditer(line.text):
            members = [re.sub(r"^the\s+", "", m) for m in re.split(r",?\s+and\s+|,\s+", listed.group())]
            if not all(m in scores for m in members):
                continue
            score = min(scores[m] for m in members)
            if score >= floor and (best is None or score > best.score):
                text = re.sub(r"^the\s+", "", listed.group())
                best = Span(text, score, line)
    return best


def entries_named(shape: QuestionShape, lines: Sequence[EvidenceLine]) -> list[EvidenceLine]:
    """The lines of the entities the question names in words."""
    return [line for line in lines if any(is_entry_of(name, line) for name in shape.names)]


def rank_spans(
    shape: QuestionShape,
    lines: Sequence[EvidenceLine],
    known: Collection[str] = (),
    chain: Sequence[str] = (),
    own: Collection[str] = (),
) -> list[Span]:
    """Candidate answers of all `lines`, best first; one entry per distinct span (its best line).

    `known` are names that cannot be the answer to an attribute question (the image's own entity, and
    for a question about a bridge the links that could be the bridge); `own` are those of them that
    name the image's own entity, which answers when its entry says it is of the asked kind; `chain`
    are the names on the image's evidence chain (the entity and the entities it links to), to which an
    entry of the asked kind may be tied (see `relation`).
    """
    best: dict[str, Span] = {}
    named_entries = entries_named(shape, lines)
    # the other names of what the question names are no answer — unless it asks which thing bears that name
    known = [*known, *([] if shape.borne_name else given_aliases(shape, named_entries))]
    paired = paired_names(shape)
    # an entity's own title is whole though it ends in a name the question gives ("Papua New Guinea" for
    # "which country occupies the eastern part of New Guinea?")
    entitled = {bare(line.title) for line in lines}
    for line in lines:
        on_chain = bool(shape.bridge) and any(is_entry_of(name, line) for name in chain)
        for text in dict.fromkeys(c if c in entitled else trim(shape, c) for c in candidates(shape, line)):
            score = score_span(shape, text, line, lines, known, own) + relation(shape, text, lines, chain)
            score += stated_of_chain(shape, text, line) if on_chain and not is_among(text, known) else 0.0
            score += given_link(shape, text, named_entries, lines)
            score += stated_by_own(shape, text, line, lines, own) if score > 0 else 0.0
            score += paired_with_named(shape, text, line, paired) if paired else 0.0
            key = text.lower()
            if score > 0 and (key not in best or score > best[key].score):
                best[key] = Span(text, round(score, 4), line)
    described = described_entry(shape, lines, [*known, *chain], own)
    if described:  # its name; or, for a year or number, what its entry states
        measured = shape.answer_type in MEASURED_OF_DESCRIBED
        for key, span in best.items():
            if key == described.lower() or measured and is_entry_of(described, span.line):
                best[key] = Span(span.text, round(span.score + DESCRIBED_BONUS, 4), span.line)
    if shape.answer_type == "named" and not shape.other_name:
        best = under_first_names(best, lines)
    return sorted(best.values(), key=lambda s: -s.score)


def one_of_pair(span: str, text: str) -> str:
    """A river of a pair named with one shared head ("the Coosa and Tallapoosa Rivers" → "Tallapoosa River"
    for the span "Tallapoosa Rivers"); `span` itself otherwise."""
    paired = span.endswith(" Rivers") and re.search(rf"\b[A-Z][\w-]*\s+and\s+{re.escape(span)}\b", text)
    return span.removesuffix("s") if paired else span


# What governs, owns or holds a place, asked ("which kingdom governs that island", "which country does it
# belong to"), and the parts a place's entry says it is of another ("a self-governing province of Denmark")
_HOLDING_ASKED = re.compile(
    r"\b(?:govern|governs|governed|rule|rules|ruled|owns?|owned|administers?|administered|controls?|"
    r"controlled|belongs?|belonged)\b",
    re.IGNORECASE,
)
_HELD_PART = r"(?:province|territory|dependency|colony|possession|part|region|state|island|islands)"


def stated_of_chain(shape: QuestionShape, span: str, line: EvidenceLine) -> float:
    """RELATION_BONUS for a span that `line`, an entry on the chain of a question about a bridge, states in
    the question's own words — a forward link: "At the mouth of which river is that city located?" — the
    city's entry: "… at the mouth of the Hudson river" (as `relation` rewards the reverse one, "<river>: a
    river of <city>")."""
    after_outer = any(
        re.search(rf"\b{re.escape(outer)}\s+(?:the\s+)?{re.escape(span)}\b", line.text, re.IGNORECASE)
        for outer in shape.outer
        if outer.endswith(" of")
    )  # "At the mouth of which river …": the outer description "mouth of" writes it
    # "Which kingdom governs that island?" — "… a self-governing province of Denmark": what holds the bridge
    held_by = bool(_HOLDING_ASKED.search(shape.text)) and bool(
        re.search(rf"\b{_HELD_PART}\s+of\s+(?:the\s+)?{re.escape(span)}\b", line.text)
    )
    return RELATION_BONUS if after_outer or held_by or span in aligned(shape, line.text) else 0.0


# "lay near which modern city", "close to which city was it built", "which city is that one near?": a place
# beside the thing asked about, which a gloss writes after one of `_NEAR_STATED`
_NEAR_STATED = r"(?:near|beside|close\s+to|next\s+to)"
_NEAR_ASKED = re.compile(rf"\b{_NEAR_STATED}\s+(?:which|what)\b|\b{_NEAR_STATED}\W*$")


def placed_near(shape: QuestionShape, text: str) -> list[str]:
    """For a question asking what a thing lies near (`_NEAR_ASKED`), the names `text` sets after that word
    and at most one modifier ("a German city near Leipzig", "near modern Tunis"); [] otherwise."""
    if not _NEAR_ASKED.search(asking_clause(shape.text.lower())):
        return []
    return compiled(
        rf"\b{_NEAR_STATED}\s+(?:the\s+)?(?:[a-z]+\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    ).findall(text)


def described_entry(
    shape: QuestionShape, lines: Sequence[EvidenceLine], chain: Collection[str], own: Collection[str] = ()
) -> str:
    """The first name of the entry whose definition restates the question's description best — at least
    DESCRIBED_WORDS of the question's words, and more than any other entry: a question that describes its
    answer, often past a bridge ("… the Dutch once held a colony that is now part of Guyana. What was that
    colony called?" — "Demerara: a former Dutch colony in South America; now a part of Guyana"); "" if none.

    Entries of `chain` names (the image's entity and the links that could be the bridge), of names the
    question writes (even as its first word: "Draco twists around …"), and of another kind than the one
    asked describe the way there, not the answer; nor does a question asking several things, or what kind
    of thing one is, describe one entry. A question asking what something is describes it only when it
    points at nothing shown and names what it describes it by ("Alexander the Great founded Egypt's chief
    port on the Nile delta. What is it called?")."""
    measured = shape.answer_type in MEASURED_OF_DESCRIBED
    described_apart = shape.asks_identity and not shape.reference and bool(shape.names)
    described_apart = described_apart and not _POINTS_AT_IMAGE.search(shape.text)  # "which one is this?"
    if shape.asks_identity and not described_apart:
        return ""
    if shape.answer_type not in ("named", "person", "identity") and not measured:
        return ""
    if shape.asks_several or shape.kind_of:
        return ""
    lower = shape.text.lower()
    reference = set(image_reference(lower).split())
    asked = description_words(lower) - {singular(word) for word in reference}
    passed = {name.lower() for name in chain}
    # a surname is no kind an entry names
    kind_checked = bool(shape.type_noun) and not measured and shape.type_noun not in NAME_NOUNS
    # "… connected to the sea by this river" — "linked by the Weser River to …": an entry restates "this
    # river" by the name of the thing shown
    shown_names = [name.lower() for name in own] if asks_by_shown(shape) else []
    shared: dict[str, int] = {}
    named_here: set[str] = set()
    given_best = 0  # how well the best entry the question names or passes through restates it
    for line in lines:
        names = entry_names(line.text)
        if not names:
            continue
        written = any(re.search(rf"\b{re.escape(name.lower())}\b", lower) for name in names)
        if written:
            named_here.add(names[0].lower())
        # a name asked is never one the question writes, the image's own or the bridge's, and is of the
        # asked kind; a measure may be any entity's ("Emiliano Zapata led a revolt … What year did he
        # die?"): the name is the question's words too, and one of the image's or the bridge's restating
        # the question best keeps the choice with the reader (below)
        if not measured and (written or names[0].lower() in passed):
            given_best = max(given_best, len(asked & description_words(definition(line.text))))
            continue
        if kind_checked and not of_asked_kind(shape, names[0], line, lines):
            continue
        text = line.text if measured else definition(line.text)
        defined = description_words(text)
        restated = len(asked & defined) + SHOWN_NAMED_WORDS * names_any(shown_names, text)
        shared[names[0]] = max(shared.get(names[0], 0), restated)
    ranked = sorted(shared.items(), key=lambda item: -item[1])
    if not ranked or ranked[0][1] < DESCRIBED_WORDS or ranked[0][0].lower() in passed:
        return ""
    if ranked[0][1] < given_best:  # "Cygnus lies between Pegasus and Draco … what is it said to contain?":
        return ""  # the description is of the entity the question names, whose neighbours restate it less
    # the question describes the bridge the chain found ("a Southeast Asian country … that country's
    # independence": Malaysia), or an entity it names ("a country once called Malaya"): another entry of that
    # kind restating the description better (India) competes with it, where an entity described past the
    # bridge (its dictator) does not
    found = (passed - {name.lower() for name in own} if shape.bridge else set()) | named_here
    if measured and competes_with(ranked[0][0].lower(), found - {ranked[0][0].lower()}, lines):
        return ""
    return ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else ""


# the asking sentence of a question about another thing than the one shown: "which city is connected to the
# sea by this river?", or it goes on from a sentence that describes the thing asked ("which river is it?")
_SHOWN_IN_ASK = re.compile(r"\b(?:this|these)\s+([a-z-]+)|^(?:which|what)\s+(?:[a-z-]+\s+)?is\s+it\b")
_PICTURE_WORDS = IMAGE_WORDS | word_set("map maps illustration drawing sketch")


def asks_by_shown(shape: QuestionShape) -> bool:
    """Whether the question asks about a thing by the one shown (`_SHOWN_IN_ASK`) — not about a thing it
    names ("Carthage was destroyed at the end of these wars. Which city was Carthage near?") nor about
    what a map or picture shows."""
    found = _SHOWN_IN_ASK.search(asking_clause(shape.text.lower()))
    return bool(shape.reference) and bool(found) and (found.group(1) or "") not in _PICTURE_WORDS


def names_any(names: Collection[str], text: str) -> bool:
    """Whether `text` writes one of the lower-case `names` as a whole name."""
    lower = text.lower()
    return any(re.search(rf"\b{re.escape(name)}\b", lower) for name in names)


def competes_with(name: str, found: Collection[str], lines: Sequence[EvidenceLine]) -> bool:
    """Whether the entry of `name` says it is of one kind with an entry of one of `found` (all lower-case
    first names of entries): a republic and a monarchy are both countries."""
    first = _entries_kinds({name}, lines)
    return bool(first) and of_one_kind(first, _entries_kinds(found, lines))


def _entries_kinds(names: Collection[str], lines: Sequence[EvidenceLine]) -> set[str]:
    return {
        k
        for line in lines
        if (entry_names(line.text) or [""])[0].lower() in names
        for k in kind_words(line.text)
    }


def of_one_kind(first: Collection[str], second: Collection[str]) -> bool:
    """Whether two sets of kind words name one kind of thing."""
    return bool(set(first) & set(second)) or any(
        group & set(first) and group & set(second) for group in SYNONYMS.values()
    )


def description_words(text: str) -> set[str]:
    """The words a description is matched by: `text`'s content words in the singular, less pronouns,
    possessives and the words that relate it to a time or a place ("during the Second World War" describes
    when, and is said of many things)."""
    skip = _PRONOUNS | _POSSESSIVES | _RELATING_WORDS
    return {singular(word) for word in content_words(text.lower()) if word not in skip}


def of_asked_kind(shape: QuestionShape, name: str, line: EvidenceLine, lines: Sequence[EvidenceLine]) -> bool:
    """Whether `line`, `name`'s own entry, makes it of the asked kind: by the evidence, or by a word of its
    definition's head, a kind it once was included ("a former Dutch colony" for "what was that colony")."""
    if type_fit(shape, name, line, lines) >= 1.0:
        return True
    return bool(kinds_of(shape.type_noun or "") & {singular(word) for word in definition_head(line.text)})


def under_first_names(best: dict[str, Span], lines: Sequence[EvidenceLine]) -> dict[str, Span]:
    """Spans that are names of one entry ("Lhasa, Lassa, capital of Tibet, Forbidden City: …") answer as
    one of them with the best score of them all: an entry's other names are the same answer, and
    "Forbidden City" must not win a "which city" question over "Lhasa" by its head word alone. The name
    answered is the entry's first, unless the other lines' prose uses another of its names more (see
    `common_name`). A name that heads an entry of its own stays itself ("Cambridge: a city in
    Massachusetts" beside "Cambridge University, Cambridge: a university in England")."""
    texts = list(dict.fromkeys(line.text for line in lines))
    heads = Counter((entry_names(text) or [""])[0].lower() for text in texts)
    answer_of = {}
    for text in texts:
        names = entry_names(text)
        if not names or names[0].lower() not in best:
            continue
        others = [other for other in texts if other != text]
        chosen = common_name([name for name in names if name.lower() in best], others).lower()
        for other in names:
            key = other.lower()
            heads_another = heads[key] > (key == names[0].lower())
            if key != chosen and other[:1].isupper() and not heads_another:
                answer_of.setdefault(key, chosen)
    merged = {key: span for key, span in best.items() if key not in answer_of}
    for key, chosen in answer_of.items():
        if key in best and chosen in merged and best[key].score > merged[chosen].score:
            merged[chosen] = Span(merged[chosen].text, best[key].score, best[key].line)
        if key in best and chosen in merged and re.fullmatch(rf"{re.escape(chosen)}\s+[ivx]+", key):
            # "George, George III: King of …": a ruler's regnal number belongs to the answer
            merged[chosen] = Span(best[key].text, merged[chosen].score, merged[chosen].line)
    # "Clark Expedition" read off "… sent out the Lewis and Clark Expedition": the whole name of an entry,
    # where the line names the span only inside it (not "Delhi" of "New Delhi: … a division of Delhi")
    for key, span in list(merged.items()):
        text = span.line.text.lower()
        whole = next((h for h in heads if h.endswith(" " + key) and text.count(h) == text.count(key)), "")
        if whole in merged and not heads[key]:
            if span.score > merged[whole].score:
                merged[whole] = Span(merged[whole].text, span.score, span.line)
            del merged[key]
    return merged


def common_name(names: Sequence[str], texts: Sequence[str]) -> str:
    """Of one entry's `names`, the one that most of the evidence `texts` (the entry's own left out) use in
    their prose (the first on a tie): "Great Bear, Ursa Major: a constellation …" beside "… in the
    constellation Ursa Major" answers "Ursa Major", the name other entries, and references, call it by."""
    if len(names) < 2:
        return names[0] if names else ""
    prose = [text.partition(":")[2] if entry_names(text) else text for text in texts]
    uses = [sum(bool(re.search(rf"\b{re.escape(name)}\b", body)) for body in prose) for name in names]
    return names[uses.index(max(uses))]


# --- candidates -------------------------------------------------------------------------------------


def candidates(shape: QuestionShape, line: EvidenceLine) -> list[str]:
    """The spans of one line that have the form the question's answer type needs."""
    text = line.text
    kind = shape.answer_type
    catalogued = catalogue_numbers(shape, text) if kind in ("number", "ordinal") else []
    if catalogued:  # "its number in Messier's catalogue" — "Messier 104"
        return catalogued
    if shape.choices:  # "terrestrial, aquatic or arboreal?": the option the line states, as it writes it
        stated = (re.search(rf"\b{re.escape(choice)}\b", text, re.IGNORECASE) for choice in shape.choices)
        return [m.group() for m in stated if m] + line_names(line)
    if kind == "year" and _ASKS_CENTURY.search(shape.text):  # "until which century AD": "5th century AD"
        return [*_CENTURY.findall(text), *_CENTURY_RANGE_START.findall(text)]
    if kind == "year" and _ASKS_DECADE.search(shape.text):
        return _DECADE.findall(text)
    if kind == "year" and shape.asks_date:
        ranges = [m.group(1) for m in _DATE_RANGE.finditer(text)] if shape.asks_date_range else []
        return [*ranges, *_DATE.findall(text), *years(text, shape.year_role, lived(shape))]
    if kind == "year" and _ASKS_YEARS.search(shape.text):  # "in which years …" — "(1894 and 1895)"
        return [*_YEAR_SPAN.findall(text), *years(text, shape.year_role, lived(shape))]
    if kind == "year":  # "when does the sun leave the sign": a day of every year ("to about May 20") too
        found = [
            *years(text, shape.year_role, lived(shape)),
            *(d for d in _DATE.findall(text) if not years(d, None)),
        ]
        # "roughly when did they start striking coins" — "from the 6th century BC": a line without a year
        # may date it by its century
        return found or (_CENTURY.findall(text) if _ASKS_WHEN.search(shape.text) else [])
    if kind == "ordinal" and RECORD_HELD.search(shape.text.lower()):  # "what record does it hold": the
        # superlative with what it is the most of ("largest anthropoid ape", "tallest living quadruped")
        held = (
            m
            for m in _RECORD.finditer(text)
            if m.group(1).lower() == "first" or is_superlative(m.group(1).lower())
        )
        return [
            m.group(0) for m in held
        ]  # or the first of its kind: "the first planetary nebula ever catalogued"
    if kind == "ordinal" and shape.rank_by is not None:  # not a rank the question states ("Hawaii is the
        # largest of its group. Where does it sit …?" — "southernmost")
        given = set(_TOKEN.findall(shape.text.lower()))
        ranks = [r for r in rank_phrases(text, shape.rank_by) if not set(r.split()) <= given]
        # "where does it rank by size" — "the third largest member": the dimension is given, the place answers
        superlatives = shape.rank_by.split()
        places = [words[0] for words in map(str.split, ranks) if len(words) == 2 and words[1] in superlatives]
        return places or ranks or ordinals(text)
    if kind == "ordinal":
        return ordinals(text)
    if kind == "number" and _SHARE_ASKED.search(shape.text):  # "how much of that country …": "half"
        return fractions(text) or numbers(text)
    if kind == "number" and shape.named_unit:  # the question names the unit: the number alone answers
        return measures(text, frozenset({shape.named_unit}), number_only=True)
    if kind == "number" and shape.measure:
        return measures(text, units_of(shape.measured), unitless=shape.measured in UNITLESS_MEASURES)
    if kind == "number":
        return numbers(text)
    if kind == "colour":  # not a colour the question gives ("it shines golden-green, but which other …")
        given = set(_TOKEN.findall(shape.text.lower()))
        ranges = [
            m.group(0)
            for m in _COLOUR_RANGE.finditer(text.lower())
            if all(is_colour(c) and c not in given for c in m.groups())
        ]
        pairs = [
            m.group(0)
            for m in _COLOUR_PAIR.finditer(text.lower())
            if all(is_colour(c) and c not in given for c in m.groups())
        ]
        if pairs and _COLOURS_ASKED.search(shape.text):  # "what colours is its plumage": all of them
            return ranges + pairs
        return ranges + [w for w in _TOKEN.findall(text.lower()) if is_colour(w) and w not in given]
    material, before_thing = made_of(shape, text)
    if material or before_thing:  # "what are the rings of Saturn made of": "rings of ice particles"
        return material + before_thing + line_names(line)
    qualified = qualified_nouns(shape, text)
    if qualified:  # "a domesticated form of which animal" — "domesticated ox"
        return qualified + line_names(line)
    sized = _SIZED.findall(text) if kind == "named" and _SIZE_OF_ASKED.search(shape.text) else []
    if sized:  # "roughly the size of what" — "pig-sized"; else what "the size of" leads up to
        return sized + line_names(line)
    if kind == "named" and shape.type_noun == "direction":  # "in which direction from Australia does it lie"
        return compass_points(text) + line_names(line)
    if kind == "named" and _ASKS_SHAPE.search(shape.text) and not shape.part:
        # "what does the shape of this galaxy look like": what a gloss likens it to, else its shape
        likened = verb_objects(text, RESEMBLE) if shape.predicate == RESEMBLE else []
        return likened or _SHAPED.findall(text) + _SHAPED_LIKE.findall(text) or line_names(line)
    if kind in ("named", "identity") and _OFFERED.search(shape.text):  # "face-on or some other angle?"
        return alternatives(shape, text) or line_names(line)
    if kind == "named" and PURPOSE_ASKED.search(shape.text):  # "what do people use lizards like this for"
        return purposes(text) or line_names(line)
    if kind == "named" and _GOAL_ASKED.search(shape.text):  # "what was that program's goal"
        return goals(text) + line_names(line)
    goods = traded(shape, text) if kind == "named" else []
    if goods:  # "exporting which product" — "leading coffee exporter"
        return goods + line_names(line)
    # "is it doing well, or in trouble?"; "how is it doing as a species — is it safe?" asks a status too
    if kind == "named" and _STATUS_ASKED.search(shape.text):
        return [m.group(0) for m in _STATUS.finditer(text)] or line_names(line)
    # "would it be safe to touch?" — "very poisonous"
    if kind == "named" and _DANGER_ASKED.search(shape.text):
        return [m.group(0).lower() for m in _DANGER.finditer(text)] or line_names(line)
    if shape.part:  # "what is this rodent's tail like": "broad flat tail"
        return part_looks(shape, text) + line_names(line)
    if kind == "scientific_name":  # a gloss lists common names first, the taxonomic name last; the
        # last name of binomial shape comes first, to win a tie with "Snow leopard" (also of that shape)
        # — not a common name of that shape opening with a demonym ("American elk")
        return [
            n for n in reversed(entry_names(text)) if BINOMIAL.match(n) and not DEMONYM.match(n.split()[0])
        ]
    if kind == "nationality":
        return list(dict.fromkeys(w for w in _TOKEN.findall(definition(text)) if DEMONYM.match(w)))
    names = [
        *aligned(shape, text),
        *owners_named_before(shape, text),
        *listed_besides(shape, text),
        *line_names(line),
    ]
    if bare_what(shape):  # "what was hidden inside it" — "filled with Greek soldiers": the soldiers
        asked = set(_TOKEN.findall(shape.text.lower()))  # not "Italian pope" for "what did this pope do"
        names = [p for p in nouns_a_name_qualifies(text) if p.rsplit(" ", 1)[-1] not in asked] + names
    if shape.acting:  # "what divides this nebula into lobes" — "… that dark lanes of dust divide into …"
        names = doers(text, shape.acting) + names
    if kind == "person":  # "who are thought to have reached …": a people too ("Aboriginal tribes")
        names += _PEOPLES.findall(text)
    if shape.predicate:
        return without_set_aside(shape, verb_objects(text, shape.predicate)) + names
    if kind == "named" and WHERE_IN.search(shape.text):  # "where in Europe": "southern Europe"
        parts = parts_of_region(shape, text)
        names = parts + [n for n in names if not any(p.endswith(" " + n) for p in parts)]
    if kind == "named" and asks_wide_place(shape):  # "where is this bird found?": also a habitat
        parts = place_parts(text)  # "of tropical America", "native to southwestern Asia": not all America
        names = [n for n in names if not any(p.endswith(" " + n) for p in parts)]
        return parts + names + demonym_places(shape, text) + habitats(text)
    if kind == "named" and shape.type_noun in _HABITAT_ASKED:  # "of forests", "of the hot deserts"
        return kinds_of_land(text) + names
    if kind == "named" and shape.type_noun == "water":  # "what kind of water does it inhabit"
        return kinds_of_land(text, _WATER_KINDS) + names  # "brackish lakes"
    if kind == "named" and shape.type_noun == "diet":
        return words_of(text, DIETS) + names
    if kind == "named" and shape.type_noun == "government":
        qualified = [p for form in FORMS_OF_GOVERNMENT for p in typed_phrases(text, form)]
        return qualified or words_of(text, FORMS_OF_GOVERNMENT)
    if kind == "named" and shape.type_noun:
        names = named_after_kind(shape.type_noun, text) + names + common_nouns_of_kind(shape, text)
        taxa = genera(text) if shape.type_noun == "genus" else []
        described = typed_phrases(text, shape.type_noun, MAX_MODIFIERS if shape.kind_of else 1)
        if not shape.kind_of:  # "the massive star Eta Carinae": a phrase set before a name describes it
            described = [p for p in described if not compiled(rf"\b{re.escape(p)}\s+[A-Z]").search(text)]
        return names + taxa + demonym_places(shape, text) + described
    return names


# A name set right before lower-case words may qualify a noun among them: "filled with Greek soldiers",
# "destroyed by British air raids in 1945", "the Vatican secret archives"
_CAPITALISED_RUN = r"[A-Z](?:[\w'’-]*\w)?(?:\s+[A-Z](?:[\w'’-]*\w)?)*"  # "Bunsen", "Vatican", "Pop Art"
_NAME_BEFORE_LOWER = re.compile(rf"\b({_CAPITALISED_RUN})\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}})")
_BARE_WHAT = re.compile(r"^what\s+(?!kind\b|sort\b|type\b)")


def bare_what(shape: QuestionShape) -> bool:
    """Whether the question asks "what …" of a thing without naming its kind ("what was hidden inside this
    figure?", "what nearly wiped out that city?"), which a noun phrase answers, not a name alone."""
    return (
        shape.answer_type == "named"
        and not shape.type_noun
        and not shape.asks_identity
        and not _NAMING.search(shape.text)  # "what is his Roman counterpart called?" asks a name
        and bool(_BARE_WHAT.match(asking_clause(shape.text.lower())))
    )


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def nouns_a_name_qualifies(text: str) -> tuple[str, ...]:
    """Noun phrases a name opens ("Greek soldiers", "British air raids", "Vatican secret archives"): the
    name with the lower-case nouns and adjectives after it, up to the first plural noun, which ends an
    English noun phrase ("Greek soldiers left …" gives "Greek soldiers")."""
    found = []
    for match in _NAME_BEFORE_LOWER.finditer(_DOMAIN_LABEL.sub("", definition(text))):
        lower = match.group(2).split()
        words = list(itertools.takewhile(lambda w: w not in NOUN_PHRASE_ENDS, lower))
        if len(words) < len(lower) and lower[len(words)] in PARTICLE_NOUNS:
            words = words[:-1]  # "the American project set up in 1942": "set" is a verb's
        plural = next((i for i, w in enumerate(words) if lemma_of(w) not in ("", w)), len(words) - 1)
        words = words[: min(plural + 1, MAX_MODIFIERS)]
        while words and not is_noun(words[-1]):
            words.pop()
        if words and all(is_adjective(w) or is_noun(w) for w in words[:-1]):
            found.append(f"{match.group(1)} {' '.join(words)}")
    return tuple(found)


# A noun of this many WordNet senses says what it is only with its adjective ("naval base"), and as the kind
# asked ("which literary form") types a noun less surely
AMBIGUOUS_SENSES = 6
_LOWER_RUN = re.compile(r"\b[a-z][a-z-]*(?:\s+[a-z][a-z-]*)*\b")  # a run of words without a capital or digit


def common_nouns_of_kind(shape: QuestionShape, text: str) -> list[str]:
    """Lower-case nouns of `text` that WordNet's hypernyms make a kind of the asked noun ("a tennis player"
    → "tennis" for "which sport did she play?", "suckled by a wolf" → "wolf" for "what animal nursed
    him?"), for kinds answered by a common noun, not a name (`answered_by_common_noun`). The longest
    such phrase of a run of words ("atom bomb" over "bomb"), up to three words."""
    noun = shape.type_noun or ""
    if not answered_by_common_noun(noun):
        return []
    kinds = asked_kinds(noun) | narrowed_kinds(shape)  # "polytonality", music, for "what musical ingredients"
    found: list[str] = []
    for run in _LOWER_RUN.findall(text):
        words = run.split()
        typed = [
            (i, j)
            for i in range(len(words))
            for j in range(min(len(words), i + 3), i, -1)
            if not STOPWORDS & {words[i], words[j - 1]}
            and words[j - 1] not in kinds
            and is_kind_of(" ".join(words[i:j]), kinds)
        ]
        found += [
            qualified_by_adjective(words, i, j)
            for i, j in typed
            if not any((i, j) != (k, m) and k <= i and j <= m for k, m in typed)
        ]
    return list(dict.fromkeys(found))


def qualifies_kind(span: str, kinds: frozenset[str], text: str) -> bool:
    """Whether the name `span` is an adjective set before one of the asked `kinds` in `text` ("a Hebrew
    prophet", "an English explorer"): of a kind of people or places it says what the one of that kind is,
    it is not one (`is_kind_of_people_or_places`)."""
    if " " in span or not is_adjective(span):  # WordNet's, not a name's shape: "the Hunan province"
        return False
    after = re.search(rf"\b{re.escape(span)}\s+([a-z]+)\b", text)
    return bool(after) and after.group(1) in kinds


def narrowed_kinds(shape: QuestionShape) -> frozenset[str]:
    """The WordNet classes the word narrowing the asked kind names: the compound it makes with the kind
    ("fundamental particle", "horse race", "military installation"), and, for an adjective, the nouns of its
    stem it is about ("philosophical movement" → philosophy). A noun narrows only by the compound: a horse
    race is no horse."""
    if not shape.narrowed_by:
        return frozenset()
    compound = lemma_of(f"{shape.narrowed_by} {shape.type_noun}")
    return nouns_of_adjective(shape.narrowed_by) | ({compound} if compound else set())


def is_common_noun_of_kind(span: str, kinds: frozenset[str]) -> bool:
    """Whether WordNet makes the lower-case `span`, or the noun an adjective qualifies in it ("naval
    base"), a kind named by one of `kinds`."""
    return is_kind_of(span if lemma_of(span) else span.partition(" ")[2], kinds)


def qualified_by_adjective(words: list[str], start: int, end: int) -> str:
    """The phrase `words[start:end]`, with the adjective before it when alone it may mean many things and
    it heads its noun phrase ("site of a naval base" → "naval base"); a noun of few senses ("frequent
    typhoons" → "typhoons") or one that modifies a noun after it ("famous tennis player" → "tennis") stays
    as it is."""
    phrase = " ".join(words[start:end])
    if sense_count(phrase) < AMBIGUOUS_SENSES:
        return phrase
    modifies_next = end < len(words) and is_noun(words[end])
    before = words[start - 1] if start else ""
    if before and not modifies_next and is_adjective(before) and before not in STOPWORDS:
        return f"{before} {phrase}"
    return phrase


def words_of(text: str, closed_class: frozenset[str]) -> list[str]:
    """The words of `text` that belong to a closed class (forms of government, diets), lower-case."""
    return [w for w in _TOKEN.findall(text.lower()) if w in closed_class]


# "feeds on the leaves and bark of which tree", "was a tycoon in which industry": what the asked kind owns
# or holds, named in the question
_OWNED_OF_ASKED = re.compile(
    r"\b(?:the|an?)\s+([a-z]+(?:\s+and\s+[a-z]+)?)\s+(?:of|in)\s+(?:which|what)\s+[a-z]+\W*$"
)


def owners_named_before(shape: QuestionShape, text: str) -> list[str]:
    """For "… the leaves and bark of which tree?", the word a line puts right before what the question
    says is owned: "eucalyptus" in "feeds on eucalyptus leaves and bark"; "railroad" in "railroad tycoon"
    for "a tycoon in which industry"."""
    owned = _OWNED_OF_ASKED.search(shape.text.lower()) if shape.answer_type == "named" else None
    if not owned:
        return []
    if compiled(rf"\b{re.escape(owned.group(1))}\s+(?:of|in)\b").search(text):
        return []  # "a shallow inlet of the Arafura Sea" says the owner after it: "shallow" is no owner
    found = compiled(rf"\b([a-z][\w-]*)\s+{re.escape(owned.group(1))}\b").findall(text)
    return [word for word in found if word not in STOPWORDS]


# one-word items joined by commas, "and" or "or": "music, prophecy and healing", "prophecy and poetry and
# music"
_WORD_LIST = re.compile(r"\b[a-z][a-z-]+(?:(?:,\s*|,?\s+(?:and|or)\s+)[a-z][a-z-]+)+")
_LIST_SEPARATOR = re.compile(r",\s*|,?\s+(?:and|or)\s+")


# "besides …", "apart from …", "which art was also …", "what other …", "what else": more of a kind is asked
_MORE_ASKED = re.compile(rf"\b(?:{ASIDE_WORDS}|in\s+addition\s+to|also|else|other)\b")


# where a listed item ends: punctuation, the end, or a preposition ("the sea and earthquakes in myth")
_ITEM_END = r"(?=\s*[;,.()]|\s*$|\s+(?:in|of|on|at|to|for|with|from|by)\b)"
# one thing set aside by a word before the comma that opens the question: "besides the sea, …"
_ASIDE_ITEM = re.compile(rf"\b(?:{ASIDE_WORDS})\s+(?:the\s+|its\s+|their\s+)?([a-z][a-z-]+),")


def word_lists(text: str) -> list[list[str]]:
    """The lists of one-word items in `text`, each cut at its first stopword ("healing, which")."""
    found = []
    for match in _WORD_LIST.finditer(text):
        items = _LIST_SEPARATOR.split(match.group())
        cut = next((i for i, item in enumerate(items) if item in STOPWORDS), len(items))
        if cut >= 2:
            found.append(items[:cut])
    return found


def listed_besides(shape: QuestionShape, text: str) -> list[str]:
    """Items `text` lists together with things the question lists ("Besides music, prophecy and healing,
    which art was he the god of?" — "god of prophecy and poetry and music and healing" → "poetry"): a
    list of `text` that holds at least two of the question's items, less those."""
    return list(_listed_besides(shape.text.lower(), text))


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _listed_besides(question: str, text: str) -> tuple[str, ...]:
    if not _MORE_ASKED.search(question):
        return ()  # "the city where these lakes and palaces stand": a list that only describes
    given = {item for items in word_lists(question) for item in items}
    aside = _ASIDE_ITEM.search(question)
    if aside and not given:  # "Besides the sea, what was he the god of?" — "god of the sea and earthquakes"
        partner = compiled(rf"\b{re.escape(aside.group(1))}\s+and\s+([a-z][a-z-]+){_ITEM_END}")
        return tuple(m.group(1) for m in partner.finditer(text))
    if len(given) < 2:
        return ()
    extra = []
    for items in word_lists(text):
        if len(given.intersection(items)) >= 2:
            extra += [item for item in items if item not in given]
    return tuple(dict.fromkeys(extra))


# "What are the rings around Saturn made of?", "what is its shell composed of", "what does it consist of"
_MATERIAL_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:[a-z]+\s+)?(?:is|are|was|were|do|does|did)\s+(.+?)\s+"
    r"(?:(?:made|composed|formed|consist)\s+(?:up\s+)?of|(?:made|struck|cast|minted|carved)\s+(?:from|out\s+of))\W*$"
)
_PHRASE_WORDS = r"((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)"
# "curved", "tapering": a look, not a material — narrower than `_ADJECTIVE_SHAPE`, whose endings
# ("-ory", "-al", "-ic") a material may have ("ivory", "metal", "ceramic")
_LOOK_SHAPE = re.compile(r"(?:ous|ed|less|ful|ive|ish|ing|ly|[a-z]-[a-z]+)$")
_PLAIN_LOOKS = word_set("large small big long short huge tiny great thick thin two three four many several")


def made_of(shape: QuestionShape, text: str) -> tuple[list[str], list[str]]:
    """For a question asking what a thing is made of: the phrases `text` says the thing is of ("rings of
    ice particles", "belts of charged particles", "made of goatskin"), then the words it puts before the
    thing ("having ivory tusks") — the second list is a weaker reading."""
    if shape.answer_type != "named":
        return [], []
    material, before_thing = _made_of(shape.text.lower(), text)
    return list(material), list(before_thing)


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _made_of(question: str, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    asked = _MATERIAL_ASKED.search(question)
    if not asked:
        return (), ()
    things = [w.rstrip("s") for w in _TOKEN.findall(asked.group(1)) if w not in STOPWORDS and len(w) > 2]
    of, before = [], []
    for thing in things:
        thing_of = compiled(rf"\b{re.escape(thing)}s?\s+(?:made\s+|composed\s+)?of\s+{_PHRASE_WORDS}")
        of += [_cut_at_phrase_end(m) for m in thing_of.findall(text)]
        # "silver and bronze coins": both materials together, then each
        before += compiled(rf"\b([a-z][a-z-]+\s+and\s+[a-z][a-z-]+)\s+{re.escape(thing)}s?\b").findall(text)
        before += [
            word
            for word in compiled(rf"\b([a-z][a-z-]+)\s+{re.escape(thing)}s?\b").findall(text)
            if word not in STOPWORDS  # a material may be a colour word too: "ivory tusks"
            and word not in _PLAIN_LOOKS
            and not _LOOK_SHAPE.search(word)
            and not is_superlative(word)
            and not _RANKED.match(word)
        ]
    of += [
        _cut_at_phrase_end(m)
        for m in re.findall(rf"\b(?:made|composed|consisting)\s+of\s+{_PHRASE_WORDS}", text)
    ]
    return tuple(p for p in dict.fromkeys(of) if p), tuple(dict.fromkeys(before))


def _cut_at_phrase_end(phrase: str) -> str:
    """`phrase` up to a stopword or a participle that opens another phrase ("goatskin stretched over …")."""
    words = phrase.split()
    ends = (i for i, w in enumerate(words) if w in STOPWORDS or i and w.endswith(("ed", "ing")))
    return " ".join(words[: next(ends, len(words))])


def aligned(shape: QuestionShape, text: str) -> list[str]:
    """The phrase of `text` that the question's lead-up words put the answer at: "lies inside what
    remnant" → "Veil Nebula" in "… lying inside the Veil Nebula". The longest run of the question's last
    words (`ALIGN_CONTEXT_WORDS`, a few words of the same clause allowed between two of them) found in
    `text` leads up; it must hold a content word, since "in" alone leads up to anything. A question asking
    for a place takes names only ("in which country does it live": not "lives in tropical forests"); a
    name after words of its kind stands alone ("named after the sea god Korinthos" → "Korinthos")."""
    if not shape.before_answer or ends_with_given_name(shape):
        return closed_by_question(shape, text)
    names_only = bool(kinds_of(shape.type_noun or "") & PLACE_KINDS)
    found = _aligned(shape.before_answer, names_only, _GLOSS_QUOTE.sub(r"\1", text))
    # "the largest coral reef in the world" leads "that reef in" to no place: the whole world is in nothing
    found = tuple(whole_name(f, text) for f in found if f.lower() not in WHOLE_WORLD)
    if shape.answer_type == "named":  # "in which battle were they defeated" — not "defeated … in 42 BC"
        found = tuple(f for f in found if not _DATED.match(f))
    if _ENDS_WITH_ACTIVE_VERB.search(shape.before_answer):  # "… founded which dynasty": what was founded,
        found = tuple(f for f in found if not re.search(rf"\bby\s+(?:the\s+)?{re.escape(f)}", text))  # not
        # who founded it ("an empire established by Augustus")
    # "identified with which Roman goddess" — "identified with Roman Juno": the qualifier the question gives
    qualifier = _QUALIFIED_KIND.search(shape.text)
    given = qualifier.group(1).lower() if qualifier else ""
    found = tuple(
        f.split(maxsplit=1)[1] if len(f.split()) > 1 and f.split()[0].lower() == given else f for f in found
    )
    return list(
        found
        or ([] if names_only else compounded(shape.before_answer, text))
        or closed_by_question(shape, text)
    )


# a lead-up ending with a verb in the past, not a passive one ("was founded") nor one before "by"
_ENDS_WITH_ACTIVE_VERB = re.compile(r"(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bis )(?<!\bare )\b[a-z]+ed$")


def ends_with_given_name(shape: QuestionShape) -> bool:
    """Whether the lead-up ends with a name the question gives ("which army did Cromwell lead in the English
    Civil War" — "… in the english civil war"): a statement puts no answer right after such an adjunct, and
    the name's own entry ("civil war in England between …") is no place to look for one."""
    lead = shape.before_answer.split()
    return any(
        len(lead) > len(name.split()) and lead[-len(name.split()) :] == name.lower().split()
        for name in shape.names
        if len(name.split()) > 1
    )


_DATED = re.compile(r"(?:(?:in|on|at|by|from|since|until|around|about|circa)\s+)?\d")  # "42 BC", "in 1803"


# A question's closing phrase after its verb: "whom did Perseus save from a sea monster?" — "from a sea
# monster"; "what lies at its northeastern end?" — "at the northeastern end"
_CLOSING_PHRASE = re.compile(
    r"\b(from|into|onto|against|over|to|at)\s+(?:(?:a|an|the|its|his|her|their)\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+)$"
)


def closed_by_question(shape: QuestionShape, text: str) -> list[str]:
    """The names `text` sets right before the phrase the question closes with ("rescued Andromeda from a sea
    monster" for "whom did Perseus save from a sea monster?"): the one the question's verb acts on."""
    closing = _CLOSING_PHRASE.search(asking_clause(shape.text.lower()).rstrip("?.! "))
    if not closing or not content_words(closing.group(2)):
        return []
    phrase = r"\s+".join(map(re.escape, closing.group(2).split()))
    tail = rf"\s+{closing.group(1)}\s+(?:(?:a|an|the)\s+)?{phrase}\b"
    return compiled(rf"\b([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*){tail}").findall(text)


_QUALIFIED_KIND = re.compile(r"\b(?:which|what)\s+([A-Z][a-z]+)\s+[a-z]+\b")  # "which Roman goddess"


def whole_name(phrase: str, text: str) -> str:
    """The name of `text` that `phrase` opens, whole: an aligned phrase ends at "and", but "site of the
    National Aeronautics and Space Administration" names one body."""
    whole = re.search(rf"{re.escape(phrase)}\s+and\s+(?:[A-Z][\w'’.-]*\s+){{0,3}}(?:{BODY_HEADS})\b", text)
    return whole.group(0) if whole else phrase


def compounded(before_answer: str, text: str) -> list[str]:
    """For lead-up words ending "<word> <noun> of" that `text` does not hold as such, the word the text
    sets between them as a compound: "the world's leading exporter of" — "world's leading coffee
    exporter" → coffee."""
    lead = re.search(r"\b([a-z]+)\s+([a-z]+)\s+of$", before_answer)
    if not lead or lead.group(1) in STOPWORDS:
        return []
    word, noun = (re.escape(w) for w in lead.groups())
    return compiled(rf"\b{word}\s+([a-z][\w-]*)\s+{noun}s?\b").findall(text)


_GLOSS_QUOTE = re.compile(r"`([^`']+)'")  # a gloss quotes a word as `reindeer'


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _aligned(before_answer: str, names_only: bool, text: str) -> tuple[str, ...]:
    words = _TOKEN.findall(before_answer)
    for size in range(min(ALIGN_CONTEXT_WORDS, len(words)), 0, -1):
        context = words[-size:]
        if all(w in STOPWORDS for w in context):
            return ()
        lead = rf"\b{_loose(context[0])}" + "".join(
            (r"\s+" if word == "of" else _GAP) + rf"\b{_loose(word)}" for word in context[1:]
        )  # "of" binds to the word before it: "painter of", never "painter noted for his use of"
        # "the brightest star of which constellation" — "the brightest star in Gemini"
        if size == 3 and is_superlative(context[0]) and context[-1] == "of":
            lead = lead.removesuffix(rf"\b{_loose('of')}") + r"\b(?:of|in)"
        found = [m.group(1) for m in compiled(f"(?i:{lead})" + _ALIGNED_PHRASE.pattern).finditer(text)]
        found = [
            _NAME_TAIL.sub(r"\1", _OWNER_TAIL.sub(r"\1", f))
            for f in found
            if len(f.split()) <= MAX_ALIGNED_WORDS
            and f.split()[0].lower() not in _PRONOUNS  # "after the war she …", "orbiting it every 224"
            and not set(f.lower().split()) <= STOPWORDS  # "claws for hunting …" leads up to no "for"
        ]
        if names_only:
            found = [f for f in found if f[:1].isupper()]
        if found:
            return tuple(found)
    return ()


# "a domesticated form of which animal", "large eared members of which group", "what sort of wild animal":
# the word the question qualifies the answer with
_QUALIFIER_ASKED = re.compile(
    r"\b([a-z-]+)\s+(?:form|forms|kind|type|sort|members?|variety|breed)\s+of\s+(?:which|what)\b"
    r"|\b(?:what|which)\s+(?:sort|kind|type)\s+of\s+([a-z-]+)\s+([a-z]+)\b"
)


def qualified_nouns(shape: QuestionShape, text: str) -> list[str]:
    """The nouns `text`'s definition qualifies with the word the question qualifies the answer with
    (`_QUALIFIER_ASKED`): "a domesticated form of which animal" — "domesticated ox having a humped back" →
    "ox"; "large eared members of which group" — "large eared seals" → "seals"."""
    if shape.answer_type != "named":
        return []
    return list(_qualified_nouns(shape.text.lower(), text, shape.type_noun or ""))


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _qualified_nouns(question: str, text: str, kind: str) -> tuple[str, ...]:
    match = _QUALIFIER_ASKED.search(question)
    qualifier = (match.group(1) or match.group(2)) if match else ""
    if match and match.group(3) and singular(match.group(3)) not in TYPE_NOUNS:
        return ()  # "what kind of coffee is the drink": "coffee" is the kind, not a word qualifying it
    if not qualifier or qualifier in STOPWORDS:
        return ()
    given = set(_TOKEN.findall(question))
    # "what type of young star cluster" — "a young open cluster": the word with the kind after it
    with_kind = rf"(?:\s+{re.escape(kind)}s?)?" if kind else ""
    after = re.findall(rf"\b{re.escape(qualifier)}\s+([a-z]+{with_kind})\b", definition(text))
    return tuple(dict.fromkeys(w for w in after if w not in STOPWORDS and w not in given))


# "does it have a tail", "can it fly", "is it able to fly": a part or an ability the thing may lack
_LACK_ASKED = re.compile(
    r"\b(?:does|do|did)\s+[^?.]*?\bhave\s+(?:an?\s+|any\s+)?([a-z]+?)s?\b"
    r"|\b(?:can|could)\s+(?:it|they)\s+([a-z]+)\b|\bable\s+to\s+([a-z]+)\b"
)


def lacking_word(shape: QuestionShape, text: str) -> str:
    """The word of `text`'s definition that says the thing lacks the part or ability the question asks
    about ("does it have a tail?" — "pig-sized tailless … rodent" → "tailless"; "can it fly?" —
    "flightless bird"), else ""."""
    match = _LACK_ASKED.search(shape.text.lower())
    asked = next((g for g in match.groups() if g), "") if match else ""
    if len(asked) < 3:
        return ""
    lacking = re.search(
        rf"\b{re.escape(asked[: max(2, len(asked) - 1)])}[a-z]*less\b", definition(text).lower()
    )
    return lacking.group() if lacking else ""


def forget_alignments() -> None:
    """Empty the memos of `aligned`, `listed_besides`, `made_of`, `qualified_nouns`, `part_looks`, `traded`
    and `kind_words` (`nodes.caches`)."""
    kind_words.cache_clear()
    _aligned.cache_clear()
    _qualified_nouns.cache_clear()
    _listed_besides.cache_clear()
    _made_of.cache_clear()
    _part_looks.cache_clear()
    _traded.cache_clear()


# "satellite of the Earth": a lower-case phrase's owner after "of the" is not the phrase asked.
_OWNER_TAIL = re.compile(r"^([a-z][\w'’-]*)\s+of\s+the\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*$")
# "the sea god Korinthos", "the constellation Cancer": a name after words that only say its kind — not
# after a verb and its article ("the first to cross the Tarn Sea").
_KIND_WORD = r"(?!(?:the|a|an)\b)[a-z][\w'’-]*"
_NAME_TAIL = re.compile(rf"^{_KIND_WORD}(?:\s+{_KIND_WORD})*\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)$")


# Verbs that state one relation in different words: a question's "empty into" is a gloss's "flows into".
_SAME_RELATION = [
    ("flow", "empt", "drain", "discharg"),
    ("build", "built", "construct", "erect"),
    ("eat", "ate", "feed", "prey", "graz", "hunt"),  # "what does it eat": "feeds on …", "for hunting …"
    ("founded", "establish"),  # not "found": "where is it found" asks where it lives
    ("discover", "detect"),
    ("govern", "rule", "administer"),
    ("lose", "lost", "cede", "surrender"),
    ("orbit", "revolv", "circl"),
    ("buy", "bought", "purchas"),
    ("join", "connect", "link"),
    # "which goddess killed the hunter": "… slain by Artemis"
    ("kill", "slay", "slain", "slew", "assassinat", "murder"),
    ("defeat", "beat", "conquer", "vanquish", "overcame", "overcome"),
    ("invent", "devis", "originat", "pioneer"),  # "credited with inventing …": "the originator of …"
    ("studi", "study", "investigat", "research"),
    ("began", "begin", "begun", "start", "initiat"),  # "his sermons started …": "… began the Reformation"
    ("revolutioni", "transform"),
    ("split", "divid", "separat"),  # "what splits this nebula": "… that dark lanes of dust divide"
    ("put", "used", "placed"),  # "what are the dried flowers put in": "… dried and used in sachets"
    ("achiev", "attain", "gain"),  # "performed twelve labours to achieve what": "… to gain immortality"
    ("rise", "rising", "arise", "arising"),  # "in which state does the river rise": "arises in Montana"
]  # each a verb's stem, matched at a word's start: "empt" is "empty", "empties", "emptied"


# "which monster did Perseus slay (in myth)?": a kind asked as the object of a verb
_WHICH_DID = re.compile(
    r"^(?:which|what)\s+[a-z]+\s+(?:did|does|do)\s+(?:[\w'’-]+\s+){1,3}?([a-z]+)(?:\s+(?:in|during)\s+[\w\s]+)?\s*\??$"
)


def object_of_asked_verb(shape: QuestionShape, span: str, text: str) -> bool:
    """Whether `text` writes `span` as the object of the question's verb, in a word of the verb's relation:
    "which monster did Perseus slay?" — "… who slew Medusa"; only for verbs of a known relation."""
    stems = _asked_verb_stems(shape.text)
    return bool(stems) and bool(re.search(rf"\b{stems}\w*\s+(?:the\s+)?{re.escape(span)}\b", text))


# "which secret police force was founded by the man in this photo": the object asked in the passive, its
# doer what is shown
_WHICH_WAS_DONE_BY_SHOWN = re.compile(
    r"^(?:which|what)\s+(?:[\w-]+\s+){1,3}?(?:was|were)\s+([a-z]+)\s+by\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:this|these|shown|pictured|here|photo|picture|portrait|image)\b"
)


@functools.lru_cache(maxsize=2**10)  # `type_fit` asks for every span of every line
def _asked_verb_stems(question: str) -> str:
    """The stems of the verb a "which <kind> did X <verb>" (or "which <kind> was <verb>ed by the one shown")
    question asks the object of; "" for another."""
    clause = asking_clause(question.lower())
    asked = _WHICH_DID.match(clause) or _WHICH_WAS_DONE_BY_SHOWN.match(clause)
    return _relation_stems(asked.group(1)) if asked else ""


def same_relation(word: str) -> tuple[str, ...]:
    """The stems of the verbs that state the relation `word` states (none when it is no such verb)."""
    return next((group for group in _SAME_RELATION if any(word.startswith(stem) for stem in group)), ())


def _relation_stems(word: str) -> str:
    """A pattern for the stems of the verbs of `word`'s relation ("eat" → "(?:eat|ate|feed|prey|graz)");
    "" when it is no such verb."""
    synonyms = same_relation(word)
    return "(?:" + "|".join(re.escape(stem) for stem in synonyms) + ")" if synonyms else ""


def _loose(word: str) -> str:
    """A pattern for `word` in any inflection, or for any verb of its relation: "lies" → lie…,
    "represents" → represent…, "empty" → empt… | flow… | …."""
    stems = _relation_stems(word)
    if stems:
        return stems + r"[\w'’-]*"
    for suffix in ("ence", "ance", "ing", "ed", "es", "s"):  # "independence" → independ… ("independent")
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return _either_spelling(word[: -len(suffix)]) + r"[\w'’-]*"
    return _either_spelling(word) + r"[\w'’-]*"


def _y_or_i(stem: str) -> str:
    """A final "y" after a consonant either way, as English inflects it: "study" → stud(?:y|i) ("studied")."""
    return re.sub(r"(?<=[^aeiou\W])y$", "(?:y|i)", stem)


# "labour", "colours", "harboured": a British "our" after two letters or more, written "or" in American
_BRITISH_OUR = re.compile(r"(?<=[a-z]{2})our(?=s?$|ed$|ing$)")


def _either_spelling(word: str) -> str:
    """A pattern for `word` as spelt either side of the Atlantic: "centre" → cent(?:re|er), "labour" →
    labou?r."""
    pattern = _BRITISH_OUR.sub("ou?r", re.escape(word))
    return re.sub(r"(?<=[a-z]{2}[tb])re$", "(?:re|er)", pattern)


# A part whose look a compound adjective may give by another stem: feet by their toes ("three-toed").
_COMPOUND_STEMS = {"foot": ("foot", "toe")}
# A part a question and a gloss may call by two names: "what's remarkable about its bill" — "… beak".
_PART_NAMES = {
    "bill": ("bill", "beak"),
    "beak": ("beak", "bill"),
    "snout": ("snout", "muzzle"),
    "inside": ("inside", "interior"),  # "what is the inside of this shell like" — "with pearly interior"
}


def part_looks(shape: QuestionShape, text: str) -> list[str]:
    """How `text` describes the part of the image's thing a question asks about: the words before the
    part's noun ("down-bent" in "with down-bent bill"; "hard tart flesh" with the noun when the question
    wants it), less intensifiers and the words the question already gives ("besides being very large,
    how is its beak built" — "very large thin-walled beak" → "thin-walled")."""
    return list(_part_looks(shape.part, shape.part_whole, shape.text, text))


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _part_looks(part: str, whole: bool, question: str, text: str) -> tuple[str, ...]:
    asked = _TOKEN.findall(question.lower())
    # the question's own word for the part ("hind legs") stays with its noun; its other words are given
    noun_words = {asked[i - 1] for i, word in enumerate(asked) if i and singular(word) == part}
    given = set(asked) - noun_words
    looks = []
    names = "|".join(
        f"{re.escape(name)}|{irregular_plural(name) or re.escape(name) + '(?:s|es)'}"  # "foot" → "feet"
        for name in _PART_NAMES.get(part, (part,))
    )
    for match in compiled(rf"\b(?:{names})\b(?!-)").finditer(text):
        if text[match.start() - 1 : match.start()] == "-":
            continue  # "thin-walled" is read whole below
        before = _TOKEN.findall(re.split(r"[,;:()]", text[: match.start()])[-1])[-MAX_LOOK_WORDS:]
        modifiers: list[str] = []
        for word in reversed(before):
            if not word[:1].islower() or word in STOPWORDS - _INTENSIFIERS or word.endswith("ing"):
                break
            modifiers.insert(0, word)  # "very large thin-walled": an intensifier stays with its adjective
        modifiers = [w for w in modifiers if w not in given]
        if modifiers:
            looks.append(" ".join([*modifiers, match.group(0)] if whole else modifiers))
    # a look written as one word with the part's noun: "thin-walled beak", "sluggish tailless marsupial"
    stems = "|".join(re.escape(stem) for stem in _COMPOUND_STEMS.get(part, (part,)))
    compounds = compiled(rf"\b(?:[a-z]+-(?:{stems})(?:s|e)?d|(?:{stems})less)\b").findall(text)
    return tuple(looks + compounds)


def verb_objects(text: str, predicate: str) -> list[str]:
    """What the question's verb takes in `text`: "feed on" in "…; feeds on eucalyptus leaves and bark" →
    ["eucalyptus leaves and bark"] (up to the clause's end, a few words at most); "eat" in "a seed-eating
    bird" → ["seed"]."""
    verb, *preposition = predicate.split()
    after_verb = "".join(rf"{re.escape(p)}\s+" for p in preposition)
    verb_stem = _relation_stems(verb)
    if verb_stem:  # "what do they eat": "feeds on …", "fruit-eating"; "what do they build": "construct …"
        verb_word, after_verb = verb_stem + r"[\w'’-]*", after_verb or r"(?:on\s+|upon\s+)?"
    else:
        verb_stem = re.escape(verb)
        verb_word = _y_or_i(verb_stem) + r"(?:s|es|ed|ing)?"  # "study": "studies", "studied"
    verb_form = rf"\b{verb_word}\s+{after_verb}(?:(?:the|a|an)\s+)?"
    if predicate == RESEMBLE:  # "look like a broad-brimmed hat", "shaped like a horse's head"
        # and a part's likeness: "a head with horns like an ox"
        likened = r"(?:looks?\s+like|resembl\w*|shaped\s+like|similar\s+to|like)"
        verb_form = rf"\b{likened}\s+(?:(?:those|that)\s+of\s+)?(?:(?:the|a|an)\s+)?"
    # a likeness ends where the next feature begins ("horns like an ox and a long tufted tail"); an object
    # where another verb joins ("twisting around the north celestial pole and lying between …")
    end = r"\s+and\s+(?:a|an|the)\s|" if predicate == RESEMBLE else ""
    end += r"\s+and\s+[a-z]+ing\b|"
    found = compiled(verb_form + rf"([a-z][\w\s'-]*?)\s*(?={end}[;,.()]|$)").finditer(text)
    compounds = compiled(rf"\b([a-z]+)-{verb_stem}(?:ing|er|ers)\b").findall(text)  # "seed-eating"
    if predicate == RESEMBLE:
        compounds = _LIKENESS.findall(text)  # "wolflike yellowish-brown wild dog" → "wolf"
    return [*(m.group(1) for m in found if len(m.group(1).split()) <= MAX_OBJECT_WORDS), *compounds]


def without_set_aside(shape: QuestionShape, phrases: Sequence[str]) -> list[str]:
    """Phrases less a part the question sets aside, also when the text qualifies it: "besides underwater
    lodges, what do they construct" against "complex dams and underwater lodges" → "complex dams";
    "besides dams, …" → "underwater lodges"."""
    aside = set_aside(shape.text.lower())
    if not aside:
        return list(phrases)
    # "besides her intricate bebop phrasing" sets aside "complex bebop phrasing", "besides its Roman ruins"
    # the "Roman remains": a part sharing a content word with what is set aside
    aside_words = set(content_words(aside))
    kept_phrases = []
    for phrase in phrases:
        parts = [p for p in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", phrase) if p]
        kept = [p for p in parts if not set(content_words(p.lower())) & aside_words]
        kept_phrases.append(" and ".join(kept) if kept and len(kept) < len(parts) else phrase)
    return kept_phrases


_WIDE_PLACES = word_set("place region area zone part")
_PART_ASKING_NOUNS = word_set("part feature pattern else") | {""}
# Parts of living things, fruits and galaxies that a gloss names and a question may ask for by what it says of
# them ("grey furry ears", "very long neck and legs", "a bright nucleus", "a tough brownish-red rind").
_THING_PARTS = word_set("""
    horns antlers legs neck ears tail beak bill claws snout teeth tusks fins flippers wings feet toes mane
    stripes spots crest hump trunk shell fur coat skin plumage scales spines quills pouch nucleus bulge arms
    rind flesh seeds leaves flowers roots bark eyes heads lips
""")
_PART_OF_THING = re.compile(r"\bpart\s+of\s+(?:this|these|it|its)\b|\bbody\s+part\b", re.IGNORECASE)
PART_MODIFIER_WORDS = 3  # words before a part that describe it ("grey furry ears")
# "how would you describe the pace of …", "which adjective describes …", "what single word describes it",
# "what quality (of mind) is it noted for", "what's distinctive about its coat", "its way of life in a word"
_DESCRIPTION_ASKED = re.compile(
    r"\bhow\s+would\s+you\s+describe\b|\b(?:what|which)\s+(?:single\s+|one\s+)?(?:word|adjective|term)\b"
    r"|\bwhat\s+quality\b|\bwhat(?:['’]s|\s+is)\s+(?:distinctive|special)\b|\bin\s+(?:a|one)\s+word\b|\bdescribes?\b"
    # "what's the word for an animal like that?", "what is this big bird good at?"
    r"|\bwhat(?:['’]s|\s+is)\s+the\s+(?:word|term|adjective)\b|\bgood\s+at\b",
    re.IGNORECASE,
)
_OPENING_WORD = re.compile(r"[\w'’-]+")
# A lower-case word of a definition, with an adverb in -ly before it ("brilliantly colored").
_DESCRIBING_WORD = re.compile(r"(?:\b([a-z]+ly)\s+)?(?<![\w-])([a-z][a-z-]*[a-z])(?![\w-])")
# Endings of adjectives and participles that describe ("aromatic", "predatory", "three-toed", "flightless")
_ADJECTIVE_SHAPE = re.compile(r"(?:ous|ic|al|ed|less|ful|ive|ish|ary|ory|ant|ent|ile|ing|[a-z]-[a-z]+)$")
# Words that describe nothing by themselves: degrees, and participles that only link ("living", "called")
_DEGREE_WORDS = word_set(
    "somewhat very rather quite partly mostly chiefly especially"
    " living existing known called named found used related belonging including"
)
# Where a definition's opening noun phrase ends: a clause break or a word that opens a modifier.
_OPENING_END = re.compile(
    r"[;,(:]|\b(?:of|with|having|that|which|who|in|on|from|for|often|usually|found|resembling|related|like"
    r"|covered|noted|native|living|belonging)\b"
)
# "Antarctic regions", "polar regions": the regions of a name, in the plural (a singular "the Campania
# region" is the name of one)
_NAMED_REGIONS = re.compile(r"\b(?:[A-Z][\w'’-]*|polar|tropical|temperate)\s+regions\b")
# "tropical America", "equatorial African forests": a part of a place by its climate, with the kind of land
# its adjective form qualifies
_PART_OF_PLACE = re.compile(
    r"(?<![\w-])(?:tropical|subtropical|temperate|arctic|equatorial)(?:\s+(?:north|south|east|west|central)[a-z]*)?"
    r"\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"
    rf"(?:\s+(?:{'|'.join(sorted(_HABITAT_KINDS))})\b)?"
)


def asks_description(shape: QuestionShape) -> bool:
    """Whether the question asks for a word that describes the thing shown, not a name: "how would you
    describe the pace of this marsupial?", "which adjective describes the life it leads?", "what quality of
    mind is this ape known for?", "what's distinctive about its coat?" (a part its entry describes is
    answered by that part's look, `part_looks`)."""
    return (
        shape.answer_type in ("named", "identity")
        and not shape.asks_group
        and not (shape.bridge and head_noun(shape.bridge) in TYPE_NOUNS)  # "the terrain of the island that …"
        and not shape.choices
        and not _ASKS_SHAPE.search(shape.text)
        and bool(_DESCRIPTION_ASKED.search(shape.text))
    )


def describing_words(text: str, given: Collection[str]) -> list[str]:
    """Lower-case words of a definition that can describe its thing: the modifiers of its opening noun
    phrase ("sluggish tailless Australian arboreal marsupial with …" → sluggish, tailless, arboreal) and
    words of an adjective's shape anywhere ("…; semiaquatic", "having a spotted coat" → spotted), an adverb
    in -ly kept with its word ("brilliantly colored"); none the question gives itself."""
    opening: list[str] = []
    for word in _OPENING_WORD.findall(_OPENING_END.split(text, maxsplit=1)[0]):
        if word.lower() in STOPWORDS:  # "… marsupials about the size of a badger"
            break
        opening.append(word)
    modifiers, noun = set(opening[:-1]), opening[-1:]  # its last word is its noun
    found = []
    for adverb, word in _DESCRIBING_WORD.findall(text):
        lower = word.lower()
        if lower in STOPWORDS | _DEGREE_WORDS or lower in given or [word] == noun:
            continue
        if not (word in modifiers or _ADJECTIVE_SHAPE.search(lower)):
            continue
        found.append(f"{adverb} {word}" if adverb else word)
    return list(dict.fromkeys(found))


def asks_thing_part(shape: QuestionShape) -> bool:
    """Whether the question asks which part or feature of the thing shown fits what it says, without
    naming the part: "what does this animal have on top of its head?", "besides its coat, which part of
    this marsupial is grey and furry?", "what pattern marks this cat's coat?"."""
    of_the_thing = shape.type_noun != "part" or bool(_PART_OF_THING.search(shape.text))  # not "of the world"
    other_shape = any(p.search(shape.text) for p in (_STATUS_ASKED, PURPOSE_ASKED, _ASKS_SHAPE, _OFFERED))
    return (
        shape.answer_type == "named"
        and (shape.type_noun or "") in _PART_ASKING_NOUNS
        and of_the_thing
        and shape.points_at_image
        and not shape.part
        and not shape.names
        and not shape.choices
        and not shape.before_answer  # "… is a small kind of what?": the words before it lead up to the answer
        and shape.acting != LOOK_CAUSED  # "what gives this galaxy its black-eye look": a doer, not a part
        and not other_shape
        # "… holds a pattern of seven stars. What is that pattern called?": a thing described before
        and not (
            shape.type_noun and re.search(rf"\b(?:that|those)\s+{shape.type_noun}s?\b", shape.text.lower())
        )
    )


def thing_parts(text: str, given: Collection[str]) -> list[tuple[str, list[str]]]:
    """The parts a definition names ("having a spotted coat and small horns" → coat, horns), each with the
    few words before it ("spotted", "small"), less the parts the question names itself."""
    words = _TOKEN.findall(text.lower())
    return [
        (word, words[max(0, i - PART_MODIFIER_WORDS) : i])
        for i, word in enumerate(words)
        if word in _THING_PARTS and word not in given and singular(word) not in given
    ]


# "what runs along the back of this lizard", "what grows on the head of this bird": a thing placed on a part
_PLACED_ON = r"(?:along|down|on|across|over|around)"
_PLACED_ASKED = re.compile(
    rf"^what\s+(?:runs|grows|lies|extends|stretches|sits|hangs|is|are)\s+{_PLACED_ON}\s+(?:the|its)\s+([a-z]+)\s+of\b"
    # "Looking along this lizard's back, what feature runs down it?"
    rf"|\b(?:this|these)\s+[\w-]+['’]s?\s+([a-z]+),\s+what\s+(?:feature\s+)?"
    rf"(?:runs|grows|lies|extends|stretches|sits|hangs)\s+{_PLACED_ON}\s+(?:it|them)\b",
    re.IGNORECASE,
)


# What covers the thing shown, asked ("up close, what covers the outside of this red fruit?"), and as a gloss
# says it ("bright red oval fruit covered with soft spines")
_COVER_ASKED = re.compile(
    r"\bwhat\s+(?:covers|coats|clothes)\s+(?:the\s+(?:outside|surface|skin|exterior|body)\s+of\s+)?"
    r"(?:this|these|its|it|them)\b",
    re.IGNORECASE,
)
_COVERED_WITH = re.compile(
    r"\b(?:covered|coated|clad)\s+(?:with|in|by)\s+(?:an?\s+|the\s+)?([a-z-]+(?:\s+[a-z-]+){0,2}?)"
    r"(?=\s*[;,.()]|\s+(?:and|or|in|on|at|of|that|which)\b|\s*$)"
)


# A part around another asked ("if I cut this fruit open, what surrounds its many seeds?", "what is inside
# this fruit around its many seeds?"), and as a gloss says it ("having many seeds with juicy red pulp")
_SURROUND_ASKED = re.compile(
    r"\bwhat\s+(?:surrounds|is\s+around|lies\s+around|encloses)\s+(?:its|their|the)\s+(?:many\s+)?([a-z]+)"
    # (not "what colour is the juicy pulp around its many seeds?": a colour)
    r"|\bwhat\s+is\s+(?:inside|in)\b[^?]*\baround\s+(?:its|their|the)\s+(?:many\s+)?([a-z]+)\W*$",
    re.IGNORECASE,
)
# Which sex bears a part, asked ("which sex carries the large antlers?", "do only the males grow antlers?",
# "who carries the large antlers in this species?"), and as a gloss says it ("with large antlers in both
# sexes")
_SEX_ASKED = re.compile(
    r"\b(?:sex|sexes|males?|females?)\b|\bwho\s+(?:carries|bears|grows|has)\s+(?:the\s+)?(?:[a-z]+\s+)?"
    r"(?:antlers|horns|tusks|manes?)\b",
    re.IGNORECASE,
)
_SEXES_STATED = re.compile(
    r"\b(both\s+sexes|(?:the\s+)?(?:males|females)\s+only|only\s+(?:the\s+)?(?:males|females))\b"
)
# What a thing is put into, asked ("the dried flowers of this plant are often put into what?"), and as a
# gloss says it ("flowers which are dried and used in sachets")
_PUT_INTO_ASKED = re.compile(
    r"\b(?:put|placed|packed|stuffed)\s+(?:into|in)\b(?:\s+what)?\W*$", re.IGNORECASE
)
_USED_IN = re.compile(
    r"\bused\s+in\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*[;,.()]|\s+(?:and|or|to|for)\b|\s*$)"
)
# A diet asked ("what sort of diet does this great ape have?"), and the word a gloss gives it
_DIET_ASKED = re.compile(
    r"\bdiet\b|\bwhat\s+(?:sort|kind|type)\s+of\s+(?:food|eater|feeder)\b", re.IGNORECASE
)
_DIET = re.compile(
    r"\b(vegetarian|herbivorous|carnivorous|insectivorous|omnivorous|piscivorous|frugivorous|granivorous)\b"
)


# Where a thing is most numerous, asked ("where is this wallaby found in the greatest numbers?"), and as a
# gloss says it ("most abundant on Rottnest Island")
_ABUNDANCE_ASKED = re.compile(
    # (not "in which ocean lies the island where this animal is most abundant?": a bridge)
    r"(?:^|[.?!]\s+)where\s+(?:is|are|was|were|do|does)\b[^?]*"
    r"\b(?:in\s+the\s+(?:greatest|largest|highest)\s+numbers?|most\s+(?:abundant|common|numerous))\b",
    re.IGNORECASE,
)
_MOST_ABUNDANT = re.compile(
    r"\bmost\s+(?:abundant|common|numerous|plentiful)\s+(?:on|in|at|around)\s+(?:the\s+)?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


# The end of a thing's extent asked: where it starts ("that range runs south from which Canadian province?")
# or where it ends ("into which state do they extend at their southern end?", "extends … down to where?"),
# and as a gloss says both ("extends from British Columbia to northern New Mexico")
_EXTENT_VERB = r"(?:extends?|runs?|stretch(?:es)?|reach(?:es)?)"
_START_ASKED = re.compile(rf"\b{_EXTENT_VERB}\s+(?:[a-z]+\s+)?from\s+(?:which|what|where)\b", re.IGNORECASE)
_END_ASKED = re.compile(
    rf"\b{_EXTENT_VERB}\s+(?:[^?]*?\s)?(?:to|into)\s+(?:which|what|where)\b"
    # "into which US state do the Great Plains extend in the south?"
    r"|(?:^|[.?!]\s+)(?:in)?to\s+(?:which|what)\b[^?]*\b(?:extends?|runs?|reach|reaches|stretch|stretches)\b"
    rf"|\b(?:which|what)\b[^?]*\b(?:extends?|extend|runs?|run|reach|reaches)\b[^?]*\b(?:southern|northern|"
    r"eastern|western|far|other)\s+end\b",
    re.IGNORECASE,
)
_EXTENT_STATED = re.compile(
    rf"\b(?:{_EXTENT_VERB}|extending|running|stretching)\s+(?:[a-z]+\s+)?from\s+(?:the\s+)?"
    r"([\w'’ -]+?)\s+(?:to|(?:[^;]*?\s)?into)\s+(?:the\s+)?([\w'’ -]+?)(?=\s*[;,.()]|\s+and\b|$)"
)


def extent_end(question: str, text: str) -> str:
    """The end of an extent `text` states ("extends from British Columbia to northern New Mexico") that the
    question asks: where it starts or where it ends; "" for another question, or a text without one."""
    asked = 1 if _START_ASKED.search(question) else 2 if _END_ASKED.search(question) else 0
    found = _EXTENT_STATED.search(text) if asked else None
    # "to the Trent River in the south": the place, without the side it lies on
    return _SIDE_NAMED.sub("", found.group(asked)) if found else ""


_SIDE_NAMED = re.compile(r"\s+in\s+the\s+(?:north|south|east|west)(?:east|west)?(?:ern)?$")


# A feature on a part, asked ("what notable feature does this ox have on its back?"), and as a gloss says it:
# a thing on the part ("with a hump on its back") or the part's look ("having a humped back")
_ON_PART_ASKED = re.compile(
    r"\b(?:have|has|bear|bears|carry|carries)\s+on\s+(?:its|their|the)\s+([a-z]+)\s*\??$", re.IGNORECASE
)


def feature_on_part(question: str, text: str) -> str:
    """What `text` puts on the part the question asks about ("a hump on its back" → "hump"), or the look it
    gives the part ("having a humped back" → "humped back"); "" for another question or text."""
    asked = _ON_PART_ASKED.search(question)
    if not asked:
        return ""
    part = re.escape(asked.group(1))
    placed = re.search(rf"\ban?\s+([a-z-]+)\s+on\s+(?:its|their|the)\s+{part}\b", text)
    looked = re.search(rf"\b([a-z-]+(?:ed|y))\s+{part}\b", text)
    return placed.group(1) if placed else f"{looked.group(1)} {asked.group(1)}" if looked else ""


def stated_if_asked(
    asked: re.Pattern[str], stated: re.Pattern[str], question: str, text: str, *, not_given: bool = False
) -> str:
    """The phrase `text` states (the first group of `stated`) when `asked` finds the question's shape in
    `question` — unless `not_given` and the question names that phrase itself; "" otherwise. The reading of
    the phrase readers that pair one pattern for the question with one for the gloss."""
    found = stated.search(text) if asked.search(question) else None
    phrase = next((group for group in found.groups() if group), "") if found else ""
    return phrase if not (not_given and phrase in question) else ""


# A twin asked ("who was her twin brother?"), and as a gloss names one: a twin either way round is the other
# ("twin sister of Apollo", "twin brother of Artemis")
_TWIN_ASKED = re.compile(r"\btwin(?:\s+(?:brother|sister))?\b", re.IGNORECASE)
_TWIN_OF = re.compile(r"\btwin\s+(?:brother|sister)\s+of\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")


# What a gloss leaves out, asked ("one region stayed outside it. Which region?", "which province was left
# out?"), and as a gloss states it ("unified France except for Brittany")
_EXCEPTION_ASKED = re.compile(
    r"\b(?:outside|except|excepted|excluded|exception|left\s+out|not\s+included|stayed\s+out)\b",
    re.IGNORECASE,
)
_EXCEPT_FOR = re.compile(r"\bexcept\s+(?:for\s+)?(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")


def excepted(question: str, text: str) -> str:
    """The name `text` sets aside with "except" ("unified France except for Brittany" → "Brittany") for a
    question asking what was left out; "" otherwise."""
    return stated_if_asked(_EXCEPTION_ASKED, _EXCEPT_FOR, question, text, not_given=True)


# Where a change started, asked ("moved on from an earlier style to New Orleans jazz. Which style did he start
# out in?"), and as a gloss states it ("moved from ragtime to New Orleans jazz")
_CHANGE_START_ASKED = re.compile(
    r"\b(?:start(?:ed)?\s+out|began|begin|earlier|originally|at\s+first|first\s+play\w*)\b", re.IGNORECASE
)
_CHANGED_FROM = re.compile(
    r"\b(?:moved|went|turned|switched|changed|progressed|shifted|converted)\s+from\s+((?:[\w'’-]+\s+){0,2}?"
    r"[\w'’-]+)\s+to\s+"
)


def changed_from(question: str, text: str) -> str:
    """What `text` says a person moved on from ("moved from ragtime to New Orleans jazz" → "ragtime") for a
    question asking where the change started; "" otherwise."""
    return stated_if_asked(_CHANGE_START_ASKED, _CHANGED_FROM, question, text, not_given=True)


def twin_of(question: str, text: str) -> str:
    """The twin `text` names ("twin sister of Apollo" → "Apollo") for a question asking a twin, unless the
    question names that twin itself; "" otherwise."""
    return stated_if_asked(_TWIN_ASKED, _TWIN_OF, question, text, not_given=True)


# A size compared, asked ("… how many times the size of Australia?", "how big is it compared with
# Australia?"), and as a gloss states it ("twice the size of Australia")
_TIMES_SIZE_ASKED = re.compile(
    r"\b[Hh]ow\s+many\s+times\s+(?:as\s+[a-z]+\s+as|the\s+[a-z]+\s+of)\s+(?P<than>[A-Z][\w'’-]*)"
    r"|\b[Hh]ow\s+(?:big|large|massive|heavy|long)\b[^?]*\bcompared\s+(?:with|to)\s+(?P<with>[A-Z][\w'’-]*)",
)
_TIMES = r"(?:twice|thrice|half|(?:two|three|four|five|six|seven|eight|nine|ten|\d+(?:\.\d+)?)\s+times)"


def times_compared(question: str, text: str) -> str:
    """How many times another thing `text` says the thing is ("twice the size of Australia" → "twice") for a
    question comparing it with that thing; "" otherwise."""
    asked = _TIMES_SIZE_ASKED.search(question)
    if not asked:
        return ""
    other = re.escape(asked.group("than") or asked.group("with"))
    found = re.search(rf"\b({_TIMES})\s+(?:as\s+[a-z]+\s+as|the\s+[a-z]+\s+of)\s+{other}\b", text)
    # "how many times as massive as Earth" — "17 times as massive as Earth" → "17"
    return found.group(1).removesuffix(" times") if found else ""


# A counterpart asked ("which goddess corresponds to the Roman goddess Juno?"), and as a gloss names one
# ("counterpart of Greek Hera", "identified with Roman Juno")
_COUNTERPART_ASKED = re.compile(r"\b(?:correspond\w*|counterpart|equivalent)\b", re.IGNORECASE)
_COUNTERPART_OF = re.compile(
    r"\b(?:counterpart\s+of|equivalent\s+of|identified\s+with)\s+(?:[A-Z][a-z]+\s+)?([A-Z][\w'’-]*)"
    r"|\b([A-Z][\w'’-]*)\s+(?:is|was)\s+(?:the|his|her)\s+(?:[A-Z][a-z]+\s+)?(?:counterpart|equivalent)\b"
)  # "…; Siegfried is the German counterpart"


def counterpart_of(question: str, text: str) -> str:
    """The counterpart `text` names ("counterpart of Greek Hera" → "Hera") for a question asking one, unless
    the question names it itself; "" otherwise."""
    return stated_if_asked(_COUNTERPART_ASKED, _COUNTERPART_OF, question, text, not_given=True)


# Parts a thing is divided into, asked ("into what do they divide it?", "the dust lanes split it into
# what?"; not "into how many", a count), and as a gloss says it ("that dark lanes of dust divide into three
# lobes")
_DIVIDING = r"(?:divide|split|separate|break|cut)"
_PARTS_ASKED = re.compile(
    rf"\binto\s+(?:what|which)\b[^?]*\b{_DIVIDING}s?\b|\b{_DIVIDING}s?\s+(?:it|them)\s+into\s+what\b",
    re.IGNORECASE,
)
_DIVIDED_INTO = re.compile(
    rf"\b{_DIVIDING}(?:s|d|ed)?\s+(?:it\s+|them\s+)?into\s+((?:[\w-]+\s+){{0,3}}?[\w-]+)(?=\s*[;,.()]|\s+by\b|$)"
)


def divided_into(question: str, text: str) -> str:
    """What `text` says a thing is divided into ("dark lanes of dust divide into three lobes" → "three
    lobes") for a question asking into what it is divided; "" otherwise."""
    return stated_if_asked(_PARTS_ASKED, _DIVIDED_INTO, question, text)


# What an agent noun is of, asked ("the world's leading exporter of which product?", "… a certain crop"), and
# as a gloss may write it before the noun ("world's leading coffee exporter")
_AGENT_OF_ASKED = re.compile(
    r"\b(?:leading|largest|biggest|main|chief|top|major|greatest)\s+([a-z]{4,}(?:er|or))\s+of\s+"
    r"(?:which|what|an?\s+certain|a\s+particular)\b",
    re.IGNORECASE,
)
_NOT_OBJECTS = word_set("leading largest biggest main chief major top greatest world's")


def agent_object(question: str, text: str) -> str:
    """The word `text` sets before the agent noun the question asks what it is of ("world's leading coffee
    exporter" → "coffee" for "leading exporter of which product?"); "" for another question or text."""
    asked = _AGENT_OF_ASKED.search(question)
    if not asked:
        return ""
    before = re.search(rf"\b([a-z][\w-]*)\s+{re.escape(asked.group(1).lower())}s?\b", text)
    return before.group(1) if before and before.group(1) not in _NOT_OBJECTS | STOPWORDS else ""


# A thing or an idea asked with "what" (or "which" and a noun that names no person or place): "what did the
# astronomer pictured here study?", "which machine is this physicist credited with developing?"
_THING_ASKED = re.compile(r"\b(?:what|which)\b(?:\s+(?:kinds?|sorts?|types?)\s+of)?(?:\s+([a-z]+))?")
_AUXILIARIES = word_set("did does do is was are were has have had")
_NAMED_KINDS = (
    PLACE_KINDS
    | ROLE_NOUNS
    | word_set("""
    person people man woman men women king queen ruler leader emperor god goddess hero composer poet writer
    painter artist dancer scientist explorer river lake sea ocean mountain range empire dynasty battle war
    continent constellation star planet organization organisation institution company party ship book
    colleague partner friend teacher student pupil wife husband son daughter father mother brother sister
""")
)
# The words of fame a question and a gloss use for one another ("best known for", "noted for")
_FAME = word_set("known famous noted celebrated renowned remembered")
# (a park or a town "having mineral springs" is known for them)
_FAME_STATED = rf"(?:(?:{'|'.join(sorted(_FAME))})\s+for|having|featuring)"
_OBJECT_LEAD = r"\s+(?:(?:for|of|with|on|about|in)\s+)?(?:(?:the|a|an|his|her|its|their)\s+)?"
_POSSESSED_OBJECT = re.compile(r"\b(?:his|her|its|their)\s+$")
# Words that end the object phrase: a preposition or a relative that starts another part of the clause
_OBJECT_ENDS = word_set(
    "as from in at by who whom which that while when to near during since until after before"
)
_OBJECT_BREAK = re.compile(r"[;,.()]")
_ANY_ENDING = r"[\w'’-]*"
# a verb's form that states a thing done or doing ("studied", "shipping"), or its agent noun ("discoverer of")
_DONE_ENDING = r"(?:[\w'’-]*(?:ed|ing|d|s)|[\w'’-]*(?:er|or)\s+of)\b"
# words that neither open nor end an object phrase: function words, and directions ("flows north into …")
_NOT_OBJECT_EDGES = STOPWORDS | word_set("north south east west northward southward eastward westward")


def verb_led_phrase(shape: QuestionShape, text: str) -> str:
    """The lower-case phrase `text` sets after a word the question asks by ("who studied sunspots and
    nebulae" → "sunspots and nebulae" for "what did the astronomer study?"; "noted for thermal springs" for
    "what natural feature is it noted for?"), trying the question's words from its last; "" when the question
    asks a name of a person or place, or no word of it leads up to such a phrase."""
    clause = asking_clause(shape.text.lower())
    asked = _THING_ASKED.search(clause)
    nouns = {asked.group(1) or "", shape.type_noun or ""} - _AUXILIARIES if asked else set()
    if not asked or any(noun in _NAMED_KINDS or singular(noun) in _NAMED_KINDS for noun in nouns):
        return ""
    given = set(content_words(shape.text))
    # the words of what is shown ("this landlocked country"), and words set before a noun they modify ("long-
    # necked wading birds"), are not the verb the question asks by
    tokens = _TOKEN.findall(clause)
    modifiers = {w for w, after in itertools.pairwise(tokens) if after not in STOPWORDS and after != "?"}
    shown = set(shape.reference.split()) | modifiers
    # the words after the wh-word from the last, then those before it ("known for studying … of what kind
    # of animal?")
    after, before = content_words(clause[asked.end() :]), content_words(clause[: asked.start()])
    for word in [*reversed(after), *reversed(before)]:
        if len(word) < 3 or word in IMAGE_WORDS or word in nouns or word in shown:
            continue
        lead = (
            _FAME_STATED if word in _FAME else _y_or_i(_loose(word).removesuffix(_ANY_ENDING)) + _DONE_ENDING
        )
        for found in compiled(rf"\b{lead}{_OBJECT_LEAD}").finditer(text):
            # "noted for its Gothic Cathedral": a thing the one shown has may be named
            has = bool(_POSSESSED_OBJECT.search(found.group()))
            phrase = object_phrase(text[found.end() :], names=has)
            if (
                shape.type_noun
            ):  # "remembered for his invention of the Kessel lamp": the lamp is the invention
                phrase = re.sub(rf"^{re.escape(shape.type_noun)}\s+of\s+(?:the\s+)?", "", phrase)
            if phrase and not set(content_words(phrase)) <= given:
                return phrase
    return ""


# Nouns that ask for a school of thought, a movement or a style, which a gloss names by its word in "-ism"
# ("philosopher of pragmatism", "exponent of deconstructionism"), with an adjective it may carry
_DOCTRINE_NOUNS = word_set("movement school ideology doctrine philosophy theory style creed trend")
_DOCTRINE = re.compile(r"\b(?:(abstract|[a-z]+(?:al|ic|ive|ern))\s+)?([a-z]{3,}ism)\b")


def doctrine_named(shape: QuestionShape, text: str) -> str:
    """The school, movement or style `text` names by its word in "-ism" ("United States philosopher of
    pragmatism" → "pragmatism"; "a leader of abstract expressionism" → "abstract expressionism") for a
    question asking one ("which school of philosophy is he associated with?"); "" otherwise, or for a word
    the question writes itself."""
    if shape.type_noun not in _DOCTRINE_NOUNS:
        return ""
    written = shape.text.lower()
    for found in _DOCTRINE.finditer(text):
        if found.group(2) not in written:
            return " ".join(filter(None, found.groups()))
    return ""


def kind_modifier(shape: QuestionShape, text: str) -> str:
    """The lower-case words `text` sets right before the noun the question asks by, where that noun ends
    its phrase, which say which one of that kind it is ("center for shipbuilding industry" → "shipbuilding"
    for "which industry is this port a hub for?"; not "fixing" of "for fixing computer faults"); "" when the
    question asks a name of a person or place, or `text` does not say."""
    noun = shape.type_noun or ""
    if not noun or noun in _NAMED_KINDS:
        return ""
    for found in compiled(rf"((?:\b[a-z][a-z'-]+\s+){{1,2}}){re.escape(noun)}s?\b").finditer(text):
        rest = text[found.end() :].lstrip()
        following = _TOKEN.findall(rest)[:1]
        # the words after a verb of having ("a park having rain forests" → "rain")
        words = re.split(r"\b(?:having|featuring|including|with)\s+", found.group(1))[-1].split()
        words = [w for w in words if w not in _NOT_OBJECT_EDGES | _POSSESSIVES]
        if len(words) == 2 and verb_after_subject(words[0], _TOKEN.findall(text[: found.start()])[-1:]):
            words = words[1:]  # "industrial wastes caused mercury poisoning": "mercury"
        # a phrase ends at a function word or a break: "self-effacing humor (1894-1974)"
        ends_phrase = not following or rest[:1] in "(;,." or following[0].lower() in STOPWORDS
        if words and ends_phrase and not set(words) & set(content_words(shape.text)):
            # "what kind of forest" asks the kind whole: "rain forests"
            return " ".join([*words, found.group(0).split()[-1]] if shape.kind_of else words)
    return ""


# "noted for his work in child development": what the work was in
_WORK_IN = re.compile(r"^\s*(?:work|research|studies|contributions?|writings?)\s+(?:in|on|with|about)\s+")


def object_phrase(rest: str, *, names: bool = False) -> str:
    """The lower-case noun phrase `rest` opens with, up to a clause break or a word that starts another part
    of the clause ("physical danger as a source of comedy" → "physical danger"); "" when it opens with a
    name or a function word, or ends in a name — unless `names` allows a name ("Gothic Cathedral")."""
    words = _OBJECT_BREAK.split(_WORK_IN.sub("", rest), maxsplit=1)[0].split()
    taken = list(itertools.takewhile(lambda w: w.lower() not in _OBJECT_ENDS, words))
    if 1 < len(taken) < len(words) and words[len(taken)].lower() == "by" and taken[-1].endswith("ed"):
        taken = taken[:-1]  # "cheap hotels frequented by sailors": the participle opens what is said of them
    taken = taken[:MAX_OBJECT_WORDS]
    # (not "establish NATO": the name a phrase ends in is what is asked)
    lower_case = bool(taken) and taken[0][:1].islower() and not taken[-1][:1].isupper()
    return " ".join(taken) if (lower_case or names) and not {taken[0], taken[-1]} & _NOT_OBJECT_EDGES else ""


def most_abundant_at(question: str, text: str) -> str:
    """Where `text` says a thing is most abundant ("most abundant on Rottnest Island" → "Rottnest Island")
    for a question asking where it is most numerous; "" otherwise."""
    return stated_if_asked(_ABUNDANCE_ASKED, _MOST_ABUNDANT, question, text)


def surrounding(question: str, text: str) -> str:
    """What `text` puts around the part the question asks about ("many seeds with juicy red pulp" →
    "juicy red pulp"); "" for another question, or a text that says nothing is around it."""
    asked = _SURROUND_ASKED.search(question)
    if not asked:
        return ""
    part = re.escape(next(group for group in asked.groups() if group))
    found = re.search(
        rf"\b{part}\s+(?:with|in|surrounded\s+by|embedded\s+in)\s+((?:[a-z-]+\s+){{0,2}}?[a-z-]+)"
        r"(?=\s+(?:in|on|at|of|and|or)\b|\s*[;,.()]|\s*$)",
        text,
    )
    return found.group(1) if found else ""


def sexes_bearing(question: str, text: str) -> str:
    """Which sexes `text` says bear a part ("large antlers in both sexes" → "both sexes") for a question
    asking which sex bears it; "" for another question, or a text that does not say."""
    return stated_if_asked(_SEX_ASKED, _SEXES_STATED, question, text)


def put_into(question: str, text: str) -> str:
    """What `text` says a thing is used in ("dried and used in sachets" → "sachets") for a question asking
    what it is put into; "" otherwise."""
    return stated_if_asked(_PUT_INTO_ASKED, _USED_IN, question, text)


def diet_word(question: str, text: str) -> str:
    """The word `text` gives a diet ("terrestrial and vegetarian" → "vegetarian") for a question asking a
    diet; "" otherwise."""
    return stated_if_asked(_DIET_ASKED, _DIET, question, text)


def covering(question: str, text: str) -> str:
    """What `text` says covers the thing shown ("covered with soft spines" → "soft spines") for a question
    asking what covers it; "" for another question, or a text that says nothing covers it."""
    return stated_if_asked(_COVER_ASKED, _COVERED_WITH, question, text)


def placed_on_part(question: str, text: str) -> str:
    """What `text` says the thing has on the part the question places it on ("with a spiny crest along the
    back" → "a spiny crest"); "" for another question, or when the text places nothing there."""
    asked = _PLACED_ASKED.search(question)
    if not asked:
        return ""
    part = re.escape(next(word for word in asked.groups() if word))
    placed = re.search(
        rf"\b(?:with|having|has|have)\s+((?:an?\s+)?(?:[\w-]+\s+){{0,2}}?[\w-]+)\s+{_PLACED_ON}\s+(?:the|its)\s+{part}\b",
        text,
    )
    return placed.group(1) if placed else ""


# "what markings does this cat's coat have", "what markings does the coat of a cat like this have": how a
# part is marked, which a gloss says after the part ("whose grey or tawny coat is striped, spotted or …")
_PART_MARKINGS_ASKED = re.compile(
    r"\b(?:markings?|patterns?|patterning)\s+(?:does|do)\s+"
    r"(?:the\s+([a-z]+)\s+of\b|(?:this|these|its|their)\s+(?:[\w-]+['’]s?\s+)?([a-z]+)\s+(?:have|show|bear)\b)"
    # "what patterns mark this kind of coat?"
    r"|\b(?:markings?|patterns?)\s+(?:mark|marks|cover|covers)\s+(?:this|these|its|their|the)\s+"
    r"(?:(?:kind|sort|type)\s+of\s+)?([a-z]+)\b",
    re.IGNORECASE,
)


def part_markings(question: str, text: str) -> str:
    """How `text` says the part the question asks the markings of is marked ("coat is striped, spotted or
    swirled with black" → "striped, spotted or swirled with black"); "" for another question or text."""
    asked = _PART_MARKINGS_ASKED.search(question)
    if not asked:
        return ""
    part = re.escape(next(word for word in asked.groups() if word))
    marked = re.search(rf"\b{part}\s+(?:is|are)\s+((?:[\w-]+,?\s+){{0,6}}?[\w-]+)\s*(?=[.;]|$)", text)
    return marked.group(1) if marked else ""


# The verb whose manner a question asks: "what's odd about the way this fish swims", "how does it hold its
# body when (it is) swimming"
_MANNER_ASKED = re.compile(
    r"\bthe\s+way\s+(?:this|these|it|they)\b(?:\s+[\w-]+){0,3}?\s+([a-z]{3,})\s*\??$"
    r"|\bhow\s+(?:does|do)\s+(?:it|they|this|these)\b[^?]*\b(?:when|while)\s+(?:it\s+|they\s+)?(?:is\s+|are\s+)?"
    r"([a-z]{3,})\s*\??$"
    # "what's unusual about how this little fish holds its body when it swims?"
    r"|\babout\s+how\s+(?:it|they|this|these)\b[^?]*\b(?:when|while)\s+(?:it\s+|they\s+)?([a-z]{3,})\s*\??$"
    # "how does this little one swim?": the verb the image's thing ends the question with
    r"|\bhow\s+(?:does|do)\s+(?:this|these|it|they)\b(?:\s+[\w-]+){0,3}?\s+([a-z]{3,})\s*\??$"
    # "these fish swim in an unusual posture. Which one?"
    r"|\b([a-z]{3,})\s+in\s+an?\s+(?:unusual|odd|strange|special|peculiar|distinctive)\s+"
    r"(?:posture|position|way|manner|fashion)\b.*\b(?:which|what)\s+(?:one|is\s+it)\s*\??$"
    # "this fish has an unusual posture when it swims — what is it?"
    r"|\ban?\s+(?:unusual|odd|strange|special|peculiar|distinctive)\s+(?:posture|position|way|manner)\s+"
    r"(?:when|while)\s+(?:it|they)\s+([a-z]{3,})\b.*\b(?:which|what)\s+(?:one|is\s+it)\s*\??$",
    re.IGNORECASE,
)


# "how is this galaxy oriented as we see it", "how is it seen from Earth": which face it shows
_ORIENTATION_ASKED = re.compile(
    r"\bhow\s+(?:is|are)\s+(?:this|these|it|they)\b[^?]*\b(?:oriented|orientated|seen|viewed|tilted|turned)\b",
    re.IGNORECASE,
)
_ORIENTED = re.compile(r"\b(?:face|edge|side|end|pole)-on\b")


def orientation_of(question: str, text: str) -> str:
    """The side a thing shows ("a face-on spiral galaxy" → "face-on") for a question asking how it is
    oriented or seen; "" for another question, or when the text gives none."""
    found = _ORIENTED.search(text) if _ORIENTATION_ASKED.search(question) else None
    return found.group() if found else ""


def manner_of(question: str, text: str) -> str:
    """The manner `text` puts after the verb whose manner the question asks ("swim in upright position" →
    "upright position"); "" for another question, or when the text gives none."""
    asked = _MANNER_ASKED.search(question)
    if not asked:
        return ""
    stem = next(group for group in asked.groups() if group)[:MIN_VERB_STEM].lower()
    manner = re.search(
        rf"\b{re.escape(stem)}\w*\s+(?:in|with|by|on)\s+(?:an?\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){{0,3}}?)"
        r"(?=\s*[;,.()]|$)",
        text,
    )
    return manner.group(1) if manner else ""


# "how did this mathematician die?", "how did the man in this portrait lose his life?", "how did she meet
# her end?", "what was the cause of his death?": how a person died, which a gloss states by the deed or
# the illness ("was killed in a duel at the age of 21", "died of tuberculosis", "was assassinated")
_DEATH_ASKED = re.compile(
    r"\bhow\s+(?:did|was|were)\s+(?:[\w'’-]+\s+){1,8}?(?:die|killed|lose\s+(?:his|her|their)\s+li(?:fe|ves)"
    r"|meet\s+(?:his|her|their)\s+(?:end|death)|perish|come\s+to\s+(?:his|her|their)\s+end)\s*\??$"
    r"|\b(?:cause|manner)\s+of\s+(?:his|her|their|its|[\w'’-]+['’]s)\s+death\b",
    re.IGNORECASE,
)
_DEATH_STATED = re.compile(
    r"\b((?:killed|slain|murdered|assassinated|executed|drowned|beheaded|hanged|poisoned|shot|stabbed"
    r"|burned\s+at\s+the\s+stake|martyred|lynched)(?:\s+(?:in|by|at|for|on|as|while)\s+[^;,()]+?)?"
    r"|died\s+(?:of|in|from|after|during)\s+[^;,()]+?|committed\s+suicide)"
    r"(?=\s+(?:at\s+the\s+age|aged|in\s+\d|on\s+[A-Z])|\s*[;,.()]|$)"
)


# "Which people built this fortress city in the mountains?", "what civilization carved these statues": the
# makers, asked of the thing shown by the words that name it
_MAKERS_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:people|peoples|civili[sz]ation|culture|tribe|nation|empire)\s+"
    r"(?:built|constructed|erected|made|founded|created|carved|raised)\s+(?:this|these)\s+"
    r"((?:[a-z-]+\s+){0,2}?[a-z-]+)(?=\s+(?:in|on|at|near|of|here|shown|pictured)\b|\s*\??$)",
    re.IGNORECASE,
)


def makers_of_shown(question: str, text: str) -> str:
    """The people `text` names right before the words the question calls the shown thing by ("Inca fortress
    city in the Andes" → "Inca") for a question asking which people made it; "" otherwise."""
    asked = _MAKERS_ASKED.search(question)
    if not asked:
        return ""
    called = r"\s+".join(map(re.escape, asked.group(1).lower().split()))
    maker = re.search(rf"\b([A-Z][\w'’-]+)\s+{called}s?\b", text)
    return maker.group(1) if maker else ""


# "What kind of big animal roams in herds in this park?" — "a national park featuring bison herds": the
# animal a gloss names before the word for its groups
_GROUPS_ASKED = re.compile(
    r"\b(?:in|of)\s+(herds|flocks|packs|colonies|swarms|troops|prides)\b", re.IGNORECASE
)
# "what kind of big animal", "which animals": an animal asked
_KIND_ASKED_OF_ANIMAL = re.compile(
    r"\b(?:what|which)\s+(?:[a-z-]+\s+){0,3}?(?:animals?|beasts?|creatures?|birds?)\b", re.IGNORECASE
)


def grouped_animal(question: str, text: str) -> str:
    """The animal `text` names before the groups the question says it lives in ("bison herds" → "bison");
    "" for another question, or a text that names none."""
    groups = _GROUPS_ASKED.search(question) if _KIND_ASKED_OF_ANIMAL.search(question) else None
    found = re.search(rf"\b([a-z][a-z-]+)\s+{groups.group(1).lower()}\b", text) if groups else None
    return found.group(1) if found and found.group(1) not in STOPWORDS else ""


# "Which people did he belong to?", "what tribe was this chief from?": the people a leader's entry names
# with the role ("Apache chieftain who …", "a famous chief of the Shawnee")
_PEOPLE_ASKED = re.compile(r"\b(?:which|what)\s+(?:people|tribe|nation|ethnic\s+group)\b", re.IGNORECASE)
_LEADER_ROLES = r"(?:chieftain|chief|leader|warrior|warlord|prophet|medicine\s+man)"
_PEOPLE_OF_LEADER = re.compile(
    rf"\b([A-Z][a-z]+)\s+{_LEADER_ROLES}\b|\b{_LEADER_ROLES}\s+of\s+the\s+([A-Z][a-z]+)\b"
)


def people_of_leader(question: str, text: str) -> str:
    """The people `text` names with a leader's role ("Apache chieftain" → "Apache") for a question asking
    which people the person shown belonged to; "" otherwise."""
    return stated_if_asked(_PEOPLE_ASKED, _PEOPLE_OF_LEADER, question, text, not_given=True)


def death_manner(question: str, text: str) -> str:
    """How `text` says its person died ("was killed in a duel at the age of 21" → "killed in a duel") for a
    question asking how they died; "" for another question, or a text that does not say."""
    return stated_if_asked(_DEATH_ASKED, _DEATH_STATED, question, text)


# "its dark columns of gas and dust are called the Pillars of Creation": the name a gloss gives a part
_PART_CALLED = re.compile(
    r"\b(?:its|their|the)\s+([a-z][a-z\s-]{2,60}?)\s+(?:is|are|was|were)\s+(?:called|known\s+as|named)\s+"
    r"(?:the\s+)?([A-Z][\w'’-]*(?:\s+(?:of|de|the)\s+[A-Z][\w'’-]*|\s+[A-Z][\w'’-]*)*)"
)
_NAME_ASKED_WORDS = re.compile(r"\b(?:call|calls|called|name|names|named|known)\b")
MIN_PART_WORDS = 2  # content words the question must share with a part's description ("dark columns")


def part_called(question: str, text: str) -> str:
    """The name `text` gives a part of the thing that the question describes in its own words and asks the
    name of ("What do astronomers call the dark columns of gas and dust in this nebula?", "… have a famous
    name. What are they called?" — "its dark columns of gas and dust are called the Pillars of Creation");
    "" for another question, or a text that names no such part."""
    lower = question.lower()
    if not _NAME_ASKED_WORDS.search(lower):
        return ""
    for part, name in _PART_CALLED.findall(text):
        words = content_words(part)
        described = len(words) >= MIN_PART_WORDS and all(
            re.search(rf"\b{re.escape(w)}\b", lower) for w in words
        )
        # not a name the question gives to say which thing is shown ("… the one whose dark columns of gas
        # and dust are known as the Pillars of Creation?")
        if described and name.lower() not in lower:
            return name
    return ""


# "… a palace that was formerly whose residence?", "Whose residence was the palace inside it?": the owner of
# a thing asked by "whose"
_WHOSE_ASKED = re.compile(
    r"\b(?:is|was|were|are)\s+(?:[a-z]+\s+)?whose\s+([a-z]+)\s*\??$|^whose\s+([a-z]+)\s+(?:is|was|were|are)\b",
    re.IGNORECASE,
)


def owner_by_whose(shape: QuestionShape, lines: Sequence[EvidenceLine]) -> tuple[str, EvidenceLine] | None:
    """The owner the entry of a named entity gives the thing a "whose" question asks about ("the residence of
    the emperor of China" → "the emperor of China"), with its line; None for another question, or when no
    such entry gives one."""
    asked = _WHOSE_ASKED.search(asking_clause(shape.text.lower()))
    if not asked:
        return None
    noun = re.escape(next(word for word in asked.groups() if word))
    owner = compiled(rf"\b{noun}\s+of\s+((?:the\s+)?[a-z][\w\s'’-]*?)(?=\s*[;,.()]|$)")
    for line in entries_named(shape, lines):
        found = owner.search(line.text)
        if found and len(found.group(1).split()) <= MAX_OBJECT_WORDS:
            return found.group(1), line
    return None


def asks_wide_place(shape: QuestionShape) -> bool:
    """Whether the question asks where, or which region, area or part of the world, without naming the
    whole it is part of ("native to which broad region?", "of which regions in particular?")."""
    return singular(shape.type_noun or "") in _WIDE_PLACES


# "to the north of Australia", "lies southeast of", "flows northward": a compass direction, not "North
# America"
_COMPASS = re.compile(r"\b((?:north|south)(?:east|west)?|east|west)(?:(?:wards?)\b|\s+of\b)")


def compass_points(text: str) -> list[str]:
    """The directions `text` states one thing lies or moves in, as words ("north", "southeast")."""
    return list(dict.fromkeys(_COMPASS.findall(text)))


def parts_of_places(text: str) -> list[str]:
    """Parts of places a text names by their climate ("a bird of tropical America", "tropical American
    lizards") or as regions of a name ("especially Antarctic regions"); parts named by a direction ("of
    northwestern North America") are `directional_parts`."""
    return _PART_OF_PLACE.findall(text) + _NAMED_REGIONS.findall(text)


def place_parts(text: str) -> list[str]:
    """The parts of places `text` names, by climate or by direction ("tropical America", "southern Europe"):
    a wide place asked ("where does this tree come from?") is answered by the part, not the whole."""
    return parts_of_places(text) + directional_parts(text)


def parts_of_region(shape: QuestionShape, text: str) -> list[str]:
    """For "where in Europe does this tree grow?", the part of the region the text names ("evergreen oak
    of southern Europe" → "southern Europe"); none for a question that names no region."""
    region = WHERE_IN.search(shape.text)
    return directional_parts(text, region.group(1)) if region else []


def directional_parts(text: str, region: str | None = None) -> list[str]:
    """The parts of `region` (of any place when None: "in southern South America") that `text` names by a
    direction: "evergreen oak of southern Europe" → "southern Europe"; "southeast Asian pheasant" → the
    part as its adjective, as the text writes it."""
    direction = r"(?:north|south|east|west|central)[a-z-]*"  # "central west Africa": two words of it
    name = re.escape(region) if region else _CAPITALISED_NAME
    part = compiled(rf"\b{direction}(?:\s+{direction})?\s+{name}(?:n|an)?\b")
    return [m.group() for m in part.finditer(text)]


def habitats(text: str) -> list[str]:
    """Where a gloss says a thing lives when it names no place: "inhabits brackish lakes" → ["brackish
    lakes"], "common in cold seas" → ["cold seas"] (a lower-case phrase of a few words)."""
    return [m.group(1) for m in _HABITAT.finditer(text) if len(m.group(1).split()) <= MAX_HABITAT_WORDS]


_WHERE_PLACED = re.compile(r"\s+(?:in\s+front\s+of|behind|across|around|near)\s+")
# "… as the iron oxide prevalent on its surface gives it a reddish appearance": where the doer is found
_FOUND_WHERE = re.compile(r"\s+(?:prevalent|present|abundant|common|found)\s+(?:on|in|at|inside|within)\s+")
# What gives a thing its look, as a gloss says it: "… gives it a reddish appearance"
_GIVES_LOOK = (
    r"(?:gives|give|gave)\s+(?:it|them)\s+(?:a|an|its|their)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:appearance|look|colou?r)\b"
)


# "the western part of that island", "its eastern half": a part of a place named by where it lies
_PART_BY_SIDE = re.compile(
    r"\b(northern|southern|eastern|western|central|north|south|east|west)\s+(part|half|side|portion)\b", re.I
)


def holders_of_part(question: str, text: str) -> list[str]:
    """The names `text` gives in the clause right after the part of a place the question asks about: "which
    country governs the western part of that island" — "the western part is governed by Tarnia and the eastern
    part is Kell" → ["Tarnia"]."""
    # the part the question asks about comes last: "its eastern part is Kell; which country governs its
    # western part?"
    part = next(reversed(list(_PART_BY_SIDE.finditer(question))), None)
    if not part:
        return []
    side, noun = (re.escape(word.lower()) for word in part.groups())
    after = re.search(rf"\b{side}\s+{noun}\b([^;.]*?)(?:\band\b|[;.]|$)", text, re.I)
    return re.findall(_CAPITALISED_NAME, after.group(1)) if after else []


def doers(text: str, stem: str) -> list[str]:
    """The lower-case phrases right before a form of the verb `stem`, back to a relative word or a
    clause's start: "a nebula … that dark lanes of dust divide into three lobes" → ["dark lanes of
    dust"], "an emission nebula where new stars form" → ["new stars"]."""
    phrases = []
    verbs = _relation_stems(stem) or re.escape(stem)  # "what splits it": "… that dark lanes of dust divide"
    verbs = rf"{verbs}\w*|{_GIVES_LOOK}" if stem == LOOK_CAUSED else rf"{verbs}\w*"
    for verb in compiled(rf"\b(?:{verbs})").finditer(text):
        clause = re.split(r"[,;:()]|\b(?:that|which|where|who|whom|whose|when|as)\b", text[: verb.start()])[
            -1
        ]
        # "a dark band of dust in front of its bright nucleus looks like …": the doer, not where it lies
        before = _FOUND_WHERE.split(_WHERE_PLACED.split(clause)[0])[0].split()
        words = before[-MAX_DOER_WORDS:]
        while words and words[0].lower() in STOPWORDS:
            words = words[1:]
        if words and all(w[:1].islower() for w in words):
            phrases.append(" ".join(words))
    return phrases


def shaped(span: str, text: str) -> bool:
    """Whether `span` is a shape `text` gives: "W-shaped", "oval", "shaped like a glowing ring"."""
    return bool(_SHAPED.fullmatch(span)) or span in _SHAPED_LIKE.findall(text)


def catalogue_numbers(shape: QuestionShape, text: str) -> list[str]:
    """For "what is its number in Charles Messier's catalogue?", the numbers `text` gives after that name
    ("Sombrero Galaxy, Messier 104: …" → ["104"]); [] for a question that names no catalogue."""
    named = _CATALOGUE.search(shape.text)
    return compiled(rf"\b{re.escape(named.group(1))}\s+(\d+)\b").findall(text) if named else []


def kinds_of_land(text: str, kinds: Collection[str] = _HABITAT_KINDS) -> list[str]:
    """Kinds of land or water a gloss names, with the modifier it gives them: "of the hot deserts of
    northern Africa" → ["hot deserts"], "feline of forests" → ["forests"]; of `kinds` only."""
    phrases = []
    for word in dict.fromkeys(w for w in _TOKEN.findall(text) if w in kinds):
        phrases += [p for p in typed_phrases(text, word) if p.endswith(" " + word)] or [word]
    return phrases


def alternatives(shape: QuestionShape, text: str) -> list[str]:
    """What `text` offers in place of the option the question names: a word of the same hyphenated form
    ("face-on" → "edge-on") or a phrase of the same head noun ("planetary nebula" → "dark nebula"), not
    one the question gives."""
    offered = _OFFERED.search(shape.text)
    if not offered:
        return []
    option, given = offered.group(1).lower(), shape.text.lower()
    if "-" in option:
        suffix = option.split("-", 1)[1]
        found = [w for w in _TOKEN.findall(text.lower()) if w.endswith("-" + suffix)]
    else:
        found = typed_phrases(text, option)
    return [f for f in found if f.lower() not in given]


def marking_colours(shape: QuestionShape, text: str) -> list[str]:
    """For a question about the colour of a thing's markings ("what colour are the stripes on this cat's
    coat?"), the colours `text` marks it with: "grey or tawny coat striped, spotted or swirled with black"
    → ["black"], not the coat's own colour."""
    if not _MARKINGS_ASKED.search(shape.text):
        return []
    return [w for m in _MARKED_WITH.finditer(text.lower()) for w in m.group(1).split() if is_colour(w)]


def traded(shape: QuestionShape, text: str) -> list[str]:
    """What `text` says a doer of the trade the question asks of deals in: "Brazil leads the world in
    exporting which product?" — "world's leading coffee exporter" → "coffee"."""
    return list(_traded(shape.text, text))


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def _traded(question: str, text: str) -> tuple[str, ...]:
    asked = _TRADE_ASKED.search(asking_clause(question.lower()))  # not a trade a scene sentence states
    if not asked:
        return ()
    doer = rf"{re.escape(asked.group(1).lower())}(?:er|ers)"
    before = compiled(rf"\b([a-z][a-z-]*)\s+{doer}\b").findall(text)
    after = compiled(rf"\b{doer}\s+of\s+([a-z][a-z-]*(?:\s+and\s+[a-z][a-z-]*)?)").findall(text)
    return tuple(w for w in before + after if w not in _TRADE_RANK_WORDS | STOPWORDS)


def purposes(text: str) -> list[str]:
    """What `text` says a thing is used, kept or grown for ("used as human food" → "human food")."""
    return _PURPOSE.findall(text)


def goals(text: str) -> list[str]:
    """What `text` says a thing was undertaken or set up to do ("to land a man on the Moon")."""
    return [first or second for first, second in _GOAL.findall(text)]


def is_colour(word: str) -> bool:
    """A colour word, or a colour of colour parts: "grey", "greenish-blue", "reddish-brown", "blue-black",
    "black-and-white"."""
    first, *rest = word.split("-")
    colours = [first, *(part for part in rest if part != "and")]  # "black-and-white"
    return all(part in COLOURS or _colourish(part) for part in colours)


def _colourish(word: str) -> bool:
    """ "bluish", "reddish", "whitish", "greyish": a colour with -ish."""
    stem = word.removesuffix("ish")
    return stem != word and bool({stem, stem + "e", stem[:-1]} & COLOURS)


def genera(text: str) -> list[str]:
    """The genus of every binomial the entry lists ("Canis familiaris" → "Canis"), the last listed first:
    a gloss lists common names first, and a common name may have the same shape ("Common thyme, Thymus
    vulgaris")."""
    return list(dict.fromkeys(n.split()[0] for n in reversed(entry_names(text)) if BINOMIAL.match(n)))


def demonym_places(shape: QuestionShape, text: str) -> list[str]:
    """For a question asking a place: the places the line's demonyms name ("South American rodent" →
    "South America")."""
    if not kinds_of(shape.type_noun or "") & (PLACE_KINDS | {"continent"}) and not asks_wide_place(shape):
        return []
    return [p for p in (place_of(n) for n in names_in(definition(text))) if p]


def adjective_places(text: str) -> list[str]:
    """Places a text names by a demonym used as an adjective ("large American heron" → America), not by a
    name that merely ends like one ("Piet Mondrian")."""
    return [p for p in (place_of(m.group(1)) for m in _BEFORE_LOWER.finditer(definition(text))) if p]


_BEFORE_LOWER = re.compile(
    r"(?<![\w-])([A-Z][a-z]+)\s+(?=[a-z])"
)  # a capitalised word before a lower-case one


def trim(shape: QuestionShape, span: str) -> str:
    """The span without names the question gives at its ends ("Sun-Earth L1 Lagrange" → "Sun-Earth L1"
    for "which Lagrange point"), unless nothing would be left; a whole name only ("South America" keeps its
    "South" when the question names the South Atlantic). A possessive ending is the owner's name ("Kepler's
    laws": "Kepler")."""
    words = unpossessed(span).split() if _POSSESSIVE_END.search(span) else span.split()
    if len(words) > 1 and words[0] == "of":  # "(the discovery) of the Doppler effect": no answer opens so
        return trim(shape, " ".join(words[1:]))
    for name in shape.names:
        given = name.lower().split()
        if len(words) > len(given) and [w.lower() for w in words[-len(given) :]] == given:
            words = words[: -len(given)]
        if len(words) > len(given) and [w.lower() for w in words[: len(given)]] == given:
            words = words[len(given) :]
    return " ".join(words) if _stands_alone(words) else span


_POSSESSIVE_END = re.compile(r"\w['’]s$")
# lower-case heads a gloss puts before the pursuit it names ("the game of basketball", "the art of fresco"),
# and a preposition a verb's object keeps ("did research on parthenogenesis")
_PHRASE_OPENING = re.compile(r"^(?:(?:the\s+)?(?:game|sport|art|science)\s+of|on|about|into)\s+(?=[a-z])")


def bare_phrase(span: str) -> str:
    """A lower-case answer phrase without the words a gloss opens it with: "game of basketball" →
    "basketball" (for "which sport did he invent?"), "on parthenogenesis" → "parthenogenesis"; names and
    other spans as they are."""
    return _PHRASE_OPENING.sub("", span)


# words that open a name without naming anything alone ("Upper Nile", "Great Bear", "New Guinea")
_NAME_ADJECTIVES = word_set(
    "upper lower great little new old greater lesser north south east west northern southern eastern western"
    " central"
)


def _stands_alone(words: Sequence[str]) -> bool:
    """Whether a trimmed name still names something: not a kind word alone ("Ostra River" → "River" for a
    question naming the Ostra) nor a name cut after a particle ("Anton van Dyck" → "Anton van")."""
    lone_kind = len(words) == 1 and words[0].lower() in (TYPE_NOUNS | _NAME_ADJECTIVES)
    lone_colour = len(words) == 1 and is_colour(words[0].lower())  # "White Nile" → "White" for "… the Nile"
    return bool(words) and not lone_kind and not lone_colour and not words[-1][:1].islower()


# "Medea: (Greek mythology) a princess of Colchis": the field a gloss files its entry under names nothing in
# it (not where Medea came from)
_DOMAIN_LABEL = re.compile(r"^\s*\([^()]*\)\s*")


def line_names(line: EvidenceLine) -> list[str]:
    """Names a line offers: its title, the names its entry lists, and capitalised spans of its text."""
    listed = [n for n in entry_names(line.text)[:1] if _is_proper(n)]  # the headword, not every alias
    spans = names_in(_DOMAIN_LABEL.sub("", definition(line.text)))
    return list(dict.fromkeys([bare(line.title), *listed, *spans]))


def _is_proper(name: str) -> bool:
    """A proper name: every word capitalised except linking words ("Gulf of Mexico", not "capital of X")."""
    words = name.split()
    return bool(words) and all(w[:1].isupper() or w in _LINKING for w in words) and words[0][:1].isupper()


def lived(shape: QuestionShape) -> bool:
    """Whether a year question asks when a life began or ended ("born", "died"), not another event's
    start or end ("when did her reign begin")."""
    return bool(_LIFE_ASKED.search(shape.text))


# "in which year was Hong Kong returned to China": a past participle the question dates
_DATED_VERB = re.compile(r"\b(?:was|were|is|are|be|been|get|got)\s+(?:[\w'’-]+\s+){0,4}?([a-z]{4,}ed)\b")


def centuries(span: str, text: str) -> bool:
    """Whether `span` is a century as `text` writes it: "4th century BC", or "13th" of "from the 13th to 17th
    century"."""
    return bool(_CENTURY.fullmatch(span)) or span in _CENTURY_RANGE_START.findall(text)


def dated_by_verb(question: str, text: str) -> list[str]:
    """Years `text` puts right after the verb whose date the question asks ("in which year was it returned
    …" — "returned in 1997"), not another event of the same line ("leased … in 1842")."""
    verbs = [found.group(1) for found in _DATED_VERB.finditer(question.lower())]
    # "… until 1986, when he was appointed chief justice": the year the verb's clause follows
    stated = (
        re.finditer(
            rf"\b{re.escape(verb[:-2])}\w*\s+(?:[a-z]+\s+){{0,3}}?in\s+(\d{{3,4}})\b"
            rf"|\b(\d{{3,4}}),?\s+when\s+(?:he|she|it|they)\s+(?:was|were)\s+{re.escape(verb[:-2])}",
            text,
        )
        for verb in verbs
    )
    return [found.group(1) or found.group(2) for matches in stated for found in matches]


def event_years(text: str, role: str | None) -> list[str]:
    """The start or end (`role`) of the spans of years `text` states: "from 1837 to 1901" → 1837 / 1901."""
    index = 1 if role == "end" else 0
    return [pair[index] for pair in _SPAN_OF_YEARS.findall(text)] if role else []


def years(text: str, role: str | None, life: bool = True) -> list[str]:
    """Years in `text`; of a life range "(1853-1890)" only the end asked for (born → first, died → last).
    A question asking for neither takes a year the text states outside the range when it has one ("who in
    1927 made the first solo nonstop flight … (1902-1974)": the flight's year, not a life's end)."""
    found = [] if life else event_years(text, role)  # "when did her reign begin": "from 1837 to 1901"
    for start, end, era in _YEAR_RANGE.findall(text):
        year = end if role == "end" else start
        found += [f"{year} {era}" if era else year] if end or role != "end" else []  # "(1930-)" has no end
    if role is None:
        stated = [y for y in _YEAR.findall(_YEAR_RANGE.sub("", text)) if 100 <= int(y) <= 2100]
        found = stated or [*found, *(y for y in _YEAR.findall(text) if 100 <= int(y) <= 2100)]
    elif not found:
        found = [y for y in _YEAR.findall(text) if 100 <= int(y) <= 2100]
    before_christ = {m.group(1): m.group(0) for m in _BEFORE_CHRIST.finditer(text)}  # "begun in 312 BC"
    found = [before_christ.get(y, y) for y in found] + [y for y in before_christ.values() if y not in found]
    return list(dict.fromkeys(found))


# "the first woman to command", "the only man to walk": a first (or last, or only) by what was done; "the
# first female commander": by the doer's noun, whose verb is its stem
_FIRST_TO = re.compile(r"\b(first|last|only)\s+(?:[\w-]+\s+){0,3}?to\s+([a-z]+)\b", re.IGNORECASE)
_FIRST_DOER = re.compile(r"\b(first|last|only)\s+(?:[\w-]+\s+){0,2}?([a-z]{4,})(?:er|or)\b", re.IGNORECASE)
# "did this woman first command a Space Shuttle": the first by the verb itself
_FIRST_DID = re.compile(r"\b(first)\s+([a-z]{4,})\s+(?:a|an|the|his|her|its|their)\b", re.IGNORECASE)


def dated_firsts(question: str, text: str) -> list[str]:
    """The years `text` dates the first the question asks about with: "the first woman to pilot a Space
    Shuttle (1995) and the first woman to command one (1999)" dates "the first woman to command" (and "the
    first female commander") 1999 — the year in parentheses, or after "in", in the same clause as the same
    rank and verb."""
    return list(_dated_firsts(question, text))


@functools.lru_cache(maxsize=2**12)
def _dated_firsts(question: str, text: str) -> tuple[str, ...]:
    asked = _FIRST_TO.search(question) or _FIRST_DOER.search(question) or _FIRST_DID.search(question)
    if not asked:
        return ()
    rank, verb = asked.group(1).lower(), asked.group(2).lower()
    dated = compiled(
        rf"(?i:\b{rank}\s+(?:[\w-]+\s+){{0,3}}?to\s+{_loose(verb)}\b[^;()]*?(?:\(|\bin\s+))(\d{{4}})\b"
    )
    return tuple(dated.findall(text))


def numbers(text: str) -> list[str]:
    """Counts in digits: numerals, and number words also inside compounds ("two-humped" → "2"); not a
    short numeral that ends a name ("Messier 20", "Falcon 9"); a vague count as it is written ("several
    hundred thousand"), which has no digits."""
    names_end = len(text.partition(":")[0]) if entry_names(text) else 0  # the entry's own name list
    found = [
        m.group()
        for m in _NUMBER.finditer(text)
        if not m.group().startswith(("-", "−"))
        and m.start() >= names_end
        and not (
            _NAME_NUMERAL.fullmatch(m.group())
            and _NAME_BEFORE.search(text[: m.start()])
            and not _COUNT_COMPOUND.match(text, m.end())  # "a United States 44-gun frigate": a count
        )
    ]
    vague = [m.group() for m in _VAGUE_COUNT.finditer(text)]  # "several hundred thousand": no digits
    for token in _TOKEN.findall(_VAGUE_COUNT.sub(" ", text).lower()):
        found += [str(NUMBER_WORDS[part]) for part in token.split("-") if part in NUMBER_WORDS]
    return list(dict.fromkeys(found + vague))


def rank_phrases(text: str, superlatives: str) -> list[str]:
    """Ranks as the entry states them with a superlative ("the 2nd smallest continent" → "2nd smallest",
    "second most populous", "the largest ocean" → "largest"); those of the asked dimension
    (`superlatives`) when there are any."""
    words = _TOKEN.findall(text.lower())
    found = []
    for i, word in enumerate(words):
        most = word in ("most", "least") and i + 1 < len(words) and words[i + 1] not in STOPWORDS
        if not (most or is_superlative(word)) or i and words[i - 1] in ("most", "least"):
            continue
        ranked = [words[i - 1]] if i and _RANKED.match(words[i - 1]) else []
        found.append(" ".join([*ranked, word, *words[i + 1 : i + 2 if most else i + 1]]))
    found = list(dict.fromkeys(found))
    of_dimension = [f for f in found if f.split()[-1] in superlatives.split()]
    return of_dimension or found


def fractions(text: str) -> list[str]:
    """Shares a text states as fractions: "half the country lies below sea level" → "half", "the western
    third of Australia" → "third", "two thirds" as is."""
    return list(dict.fromkeys(m.group().lower() for m in _FRACTION.finditer(text)))


def ordinals(text: str) -> list[str]:
    """Ranks as the text writes them: "the 8th planet" → "8th", "the second nearest" → "second"."""
    found = [f"{n}{suffix.lower()}" for n, suffix in _ORDINAL.findall(text)]
    found += [w for w in _TOKEN.findall(text.lower()) if w in ORDINAL_WORDS]
    return list(dict.fromkeys(found))


def units_of(measured: str) -> frozenset[str]:
    """The units that can state the quantity a question asks for ("tall" → lengths; every unit for a
    measure word the table does not know)."""
    families = MEASURED.get(measured)
    return frozenset().union(*(UNIT_FAMILIES[f] for f in families)) if families else UNITS


def measures(
    text: str, units: frozenset[str] = UNITS, unitless: bool = False, number_only: bool = False
) -> list[str]:
    """Numbers with one of `units` after them, as the text states it ("384,400 kilometres", "224.7 Earth
    days", "−65 °C"), or only their number (`number_only`: the question named the unit); bare numbers
    only for a measure that has no unit (`unitless`: a magnitude)."""
    if unitless:
        return list(dict.fromkeys(_NUMBER.findall(text)))
    wanted = {unit_key(unit) for unit in units}
    # a count in words is one too ("after four days in the tomb"), answered in digits
    number = rf"(?:{_NUMBER.pattern}|\b(?:{_COUNT_WORDS})\b)"
    pattern = rf"({number}{_MULTIPLIERS})\s*({_UNIT_QUALIFIERS})(°\s?[CFK]\b|°|%|[A-Za-z][\w/-]*)"
    found = [
        " ".join(match.group(1 if number_only else 0).split())
        for match in re.finditer(pattern, text)
        if unit_key(unit_of(match.group(2), match.group(3))) in wanted
    ]
    return list(dict.fromkeys(_COUNT_WORD.sub(lambda m: str(NUMBER_WORDS[m.group()]), f) for f in found))


def verb_after_subject(word: str, before: Sequence[str]) -> bool:
    """Whether `word` reads as a past-tense verb after the plural noun or relative pronoun `before` holds
    ("wastes caused", "who incorporated")."""
    subject = before[-1].lower() if before else ""
    plural = subject.endswith("s") and not subject.endswith(("ous", "ss"))
    return word.endswith("ed") and (plural or subject in _RELATIVE_PRONOUNS)


_RELATIVE_PRONOUNS = word_set("who which that")


def typed_phrases(text: str, noun: str, modifiers: int = 1) -> list[str]:
    """Lower-case "<modifier> <noun>" phrases ("northern hemisphere", "eared seals") for kinds that are
    not names; a verb form before the noun is no modifier ("for fixing computer faults", "related
    seals"), but an -ing word after a modifier is one ("long-necked wading bird"). With `modifiers` > 1,
    the run of up to that many modifiers ("a long tufted tail" → "long tufted tail"), as a description
    of a part is answered."""
    first = "a-z" if modifiers == 1 else "A-Za-z"  # "equatorial African forests"
    plural = irregular_plural(noun) or f"{re.escape(noun)}s"  # "powerful teeth" for the kind "tooth"
    pattern = compiled(rf"\b((?:[{first}][\w-]+\s+){{1,{modifiers}}})({re.escape(noun)}|{plural})\b")
    phrases = []
    for match in pattern.finditer(text):
        run, head = match.groups()
        preceding = [*_TOKEN.findall(text[: match.start()])[-1:], *run.split()]
        words: list[str] = []
        for i in range(len(preceding) - 1, len(preceding) - len(run.split()) - 1, -1):
            word = preceding[i]  # "thick lips and powerful teeth": the run ends at "and"
            modified = i > 0 and preceding[i - 1].lower() not in STOPWORDS  # "long-necked wading bird"
            # "perfected the refracting telescope": an -ing word after an article is a modifier too
            modified = modified or i > 0 and preceding[i - 1].lower() in _ARTICLES
            if (
                word in STOPWORDS | _POSSESSIVES | _PARTICIPLES_NOT_KINDS
                or word.endswith("ing")
                and not modified
            ):
                break
            if words and word.endswith("s") and not word.endswith(("ous", "less", "ss")):
                break  # "inhabits brackish lakes": a verb or a noun, no modifier of the kind
            if words and verb_after_subject(word, preceding[i - 1 : i]):
                break  # "industrial wastes caused mercury poisoning": a verb after its subject
            words.insert(0, word)
        if words:
            phrases.append(" ".join([*words, head]))
    return phrases


# --- scoring ----------------------------------------------------------------------------------------


def score_span(
    shape: QuestionShape,
    span: str,
    line: EvidenceLine,
    lines: Sequence[EvidenceLine],
    known: Collection[str],
    own: Collection[str] = (),
) -> float:
    novelty = novelty_of(shape, span, known, lines, own)
    if novelty == 0:
        return 0.0
    fit = type_fit(shape, span, line, lines) * (RANKED_FIT if ranked_below(shape, span, line) else 1.0)
    fit *= rank_fit(shape, span, line)
    support = (
        line.relevance
        + nearness(shape, span, line.text)
        + (STATES_GIVEN_NUMBER if states_given_number(shape, line.text) else 0.0)
    )
    score = fit * line.weight * (0.5 + support) * novelty
    return score + (OWN_KIND_BONUS if is_own_kind(shape, span, lines, own) else 0.0)


# "ranks second in size", "the third largest", "2nd most populous": a rank below the top that the question
# gives, by a dimension (a superlative, or "in size", "by population")
_RANK_GIVEN = re.compile(
    rf"\b({_BELOW_TOP})(?:[\s-]+(?:most\s+)?([a-z]+est)\b"
    r"|\s+(?:[a-z]+\s+){0,2}?(?:in|by)\s+(?:size|area|population|length|height)\b)"
)


def given_rank(shape: QuestionShape) -> str:
    """The rank below the top the question asks for, as "2nd", "3rd" (see `_RANK_GIVEN`); "" if none."""
    match = _RANK_GIVEN.search(shape.text.lower())
    if not match or match.group(2) and not is_superlative(match.group(2)):
        return ""
    return ORDINAL_WORDS.get(match.group(1), match.group(1))


def rank_fit(shape: QuestionShape, span: str, line: EvidenceLine) -> float:
    """For a question giving a rank below the top ("which city ranks second in size"): RANK_STATED_FIT
    when `span`'s own entry states that rank ("second largest city of Greece"), RANKED_FIT when it
    states only the top ("the capital and largest city of Greece"); 1.0 otherwise."""
    rank = given_rank(shape) if shape.answer_type == "named" else ""
    if not rank or not is_entry_of(span, line):
        return 1.0
    words = _tokens(line.text)
    stated = [
        ORDINAL_WORDS.get(words[j - 1], words[j - 1]) if j else ""
        for j, word in enumerate(words)
        if is_superlative(word) or word == "most" and j + 1 < len(words)
    ]
    if rank in stated:
        return RANK_STATED_FIT
    return RANKED_FIT if stated and not any(_RANKED.match(s) for s in stated) else 1.0


def states_given_number(shape: QuestionShape, text: str) -> bool:
    """Whether `text` states every number the question gives ("the capital of that country until 2005" —
    "former capital of Malaysia until 2005"); False when it gives none."""
    given = _GIVEN_NUMBER.findall(shape.text)
    return bool(given) and all(re.search(rf"(?<![\d,]){re.escape(n)}(?![\d,]\d)", text) for n in given)


def ranked_below(shape: QuestionShape, span: str, line: EvidenceLine) -> bool:
    """Whether the question asks for the superlative itself ("the largest planet") and `span`'s own line
    ranks it below the top ("Saturn … the second largest planet", "the fourth-largest") wherever it
    states that superlative."""
    asked = _tokens(shape.text)
    superlatives = {w for w in asked if is_superlative(w)}
    if not superlatives or any(_RANKED.match(w) for w in asked) or not is_entry_of(span, line):
        return False
    words = _tokens(line.text)
    ranked = [bool(j and _RANKED.match(words[j - 1])) for j, word in enumerate(words) if word in superlatives]
    return bool(ranked) and all(
        ranked
    )  # "the largest lake in Africa and the 2nd largest … in the world" tops one


def stated_by_own(
    shape: QuestionShape, span: str, line: EvidenceLine, lines: Sequence[EvidenceLine], own: Collection[str]
) -> float:
    """OWN_STATED_BONUS when `line` is the image's own entry and the place it states is defined as the kind
    of place asked, for a question about where the thing shown itself is (no bridge, no other name given):
    "in which country is this canal?" — "a canal in northern Scotland", over what Scotland's own entry says
    it is part of."""
    where = shape.type_noun in PLACE_KINDS and not shape.bridge and not shape.named
    stated = where and any(is_entry_of(name, line) for name in own) and not is_among(span, own)
    return OWN_STATED_BONUS if stated and type_fit(shape, span, line, lines) >= DEFINED_FIT else 0.0


def is_own_kind(shape: QuestionShape, span: str, lines: Sequence[EvidenceLine], own: Collection[str]) -> bool:
    """Whether `span` is the image's own entity and its entry says it is of the asked kind: then it is
    the answer ("which country does this coin come from?" when the coin's entry is the country) — unless
    the question places what it asks inside the thing shown ("what building stands at the top of the hill
    in this palace complex?": a part of it, not the complex)."""
    return (
        is_among(span, own)
        and shape.answer_type == "named"
        and shown_may_answer(shape)
        and is_asked_kind(shape, span, lines)
    )


def shown_may_answer(shape: QuestionShape) -> bool:
    """Whether the thing shown may itself be the answer: not when the question places what it asks inside
    it, or asks one the shown one is related to (see `_KIN_OF_SHOWN`)."""
    return not (
        placed_inside_shown(shape.text)
        or _KIN_OF_SHOWN.search(shape.text)
        or _RELATED_TO_SHOWN_ONE.search(shape.text)
    )


# "a river that feeds into this one", "which river flows north to join the one in this photo": the one shown
# is the object of what the asked thing does
_RELATED_TO_SHOWN_ONE = re.compile(
    r"\b(?:into|join|joins|joined|joining|meets|reaches)\s+(?:this\s+one|the\s+one\s+(?:in|shown|pictured))\b",
    re.IGNORECASE,
)


# "which poet was a friend of the man in this portrait?", "which river is a tributary of the one in this
# photo?": someone or something the one shown is related to, not that one
_KIN_OF_SHOWN = re.compile(
    r"\b(?:friend|wife|husband|son|daughter|father|mother|brother|sister|teacher|pupil|student|rival"
    r"|successor|predecessor|contemporary|colleague|partner|twin|ally|enemy|companion|associate|mentor"
    r"|tributary|branch|neighbou?r|offshoot)s?"
    r"\s+of\s+(?:this\b|these\b|him\b|her\b|the\s+[\w-]+\s+(?:in|shown|pictured|depicted|portrayed)\b)",
    re.IGNORECASE,
)


def is_among(span: str, names: Collection[str]) -> bool:
    """Whether `span` is one of `names` (the same entity, or the same words in another case)."""
    lower = span.lower()
    return any(same_entity(span, name) or lower == name.lower() for name in names)


# "this fruit is related to what other fruit?": a thing other than the one shown is asked
# Another of the kind shown asked: "related to what other fruit?", "which fellow dancer did the choreographer
# collaborate with?", "into which bigger river does this one feed?"
COMPARATIVES = "bigger|larger|smaller|greater|longer|wider|deeper|higher|taller"  # than the one shown
_ANOTHER_ASKED = re.compile(rf"\b(?:what|which)\s+(?:other|fellow|{COMPARATIVES})\b", re.IGNORECASE)


def calls_shown_by(shape: QuestionShape, noun: str | None) -> bool:
    """Whether the question calls the thing shown by the kind `noun` names ("the river in this photo")."""
    return bool(noun and shape.reference and set(shape.reference.split()) & kinds_of(noun))


def asks_another_of_kind(shape: QuestionShape) -> bool:
    """Whether the question asks for another thing of the kind it says the image shows: by its words (see
    `_ANOTHER_ASKED`), or by calling what is shown by the kind it asks ("what river does the river in this
    photo end up joining?"). Then the image's own entity is not the answer, though it is of that kind."""
    return calls_shown_by(shape, shape.type_noun) or bool(_ANOTHER_ASKED.search(shape.text))


def novelty_of(
    shape: QuestionShape,
    span: str,
    known: Collection[str],
    lines: Sequence[EvidenceLine] = (),
    own: Collection[str] = (),
) -> float:
    """0 for spans the question gives or (for attribute questions) a `known` name — except the image's
    own entity (`own`) when its entry says it is of the kind asked for ("Pterois, genus Pterois" for "to
    which genus does this fish belong?"); else 1, or 0.3 when the span is only a piece of the
    question's wording."""
    lower = span.lower()
    if lower in shape.choices:
        return 1.0  # an option the question lists is its answer, not its own wording
    if any(lower == name.lower() for name in shape.named) or lower in abbreviated_names(shape.text):
        return 0.0
    if lower in qualifying_places(shape) or initials_given(shape, span):
        return 0.0
    own_name_asked = shape.asks_identity or shape.answer_type == "scientific_name"
    # the span as the question writes it, or its plural ("Tasman" is not in "Tasmania")
    written = re.search(rf"\b{re.escape(lower)}(?:e?s)?\b", shape.text.lower())
    # own names are known ones too; one the question writes is the subject it names, given, not shown
    own_of_kind = (
        is_among(span, own)
        and not written
        and not asks_another_of_kind(shape)  # "related to what other fruit?": not the fruit shown
        and shown_may_answer(shape)
        and is_asked_kind(shape, span, lines)
    )
    # a demonym of a known place is that place ("Greek" when Greece is the bridge), unless a nationality
    # is asked
    place = place_of(span) if shape.answer_type != "nationality" else None
    if (
        (is_among(span, known) or (place and is_among(place, known)))
        and not own_name_asked
        and not own_of_kind
    ):
        return 0.0
    if written:  # a phrase of the question's own wording, or its plural ("Europeans founded" — "European")
        return 0.0 if span[:1].islower() else 0.3
    return 1.0


def initials_given(shape: QuestionShape, span: str) -> bool:
    """Whether the question writes `span` by its initials: "NATO" for "North Atlantic Treaty Organization"."""
    initials = "".join(word[0] for word in span.split() if word[:1].isupper())
    return len(initials) >= 2 and bool(re.search(rf"\b{initials}\b", shape.text))


def abbreviated_names(text: str) -> set[str]:
    """The full names (lower case) of the countries `text` writes as initials (`read_question` drops their
    full stops), which a gloss writes in full: "US state" → united states."""
    undotted = re.sub(r"\b([A-Z])\.(?=[A-Z]\b|[A-Z]\.)", r"\1", text)  # "U.S. state" writes "US" with stops
    return {SPELLED_INITIALS[initials].lower() for initials in re.findall(r"\b(USA|US|UK)\b", undotted)}


def qualifying_places(shape: QuestionShape) -> set[str]:
    """The places (lower case) named by demonyms that qualify the asked kind ("On which Japanese island …"
    → japan, "which Australian state" → australia): the answer lies in that place; it is not the place."""
    places = (place_of(name) for name in shape.names if qualifies_asked(name, shape.text))
    return {place.lower() for place in places if place}


def is_asked_kind(shape: QuestionShape, span: str, lines: Sequence[EvidenceLine]) -> bool:
    """Whether an entry of `span` says it is of the kind asked for: a name with the kind in it ("Pterois,
    genus Pterois" for "which genus …"; the span's own head word), or a definition headed by it ("Japan:
    a constitutional monarchy …" for "which country does this coin come from?"). Then the image's own
    entity can answer."""
    noun = shape.type_noun
    if not noun:
        return False
    named = any(
        is_entry_of(span, line) and any(noun in alias.lower().split() for alias in kind_aliases(line.text))
        for line in lines
    )
    # "Coinage of ancient Greece" for "which ancient coinage do these pieces belong to": the name says it
    head = span.lower().split(" of ")[0].split()[-1:]  # its last word before "of": not "sea" of "Sea lion"
    # "which rosella species is it a form of" — "Crimson rosella": the word the question puts before the kind
    qualifier = re.search(rf"\b(?:which|what)\s+([a-z]+)\s+{re.escape(noun)}\b", shape.text.lower())
    kinds = kinds_of(noun) | ({singular(qualifier.group(1))} if qualifier else set())
    headed = len(span.split()) > 1 and bool(head) and singular(head[0]) in kinds
    return (
        named
        or headed
        or latin_rank(span, lines) == noun
        or entry_fit(span, kinds_of(noun), lines) >= DEFINED_FIT
    )


# The endings zoological and botanical nomenclature gives the names of ranks above the genus
_RANK_ENDINGS = (("inae", "subfamily"), ("idae", "family"), ("aceae", "family"), ("oidea", "superfamily"))
_LATIN_ENDING = re.compile(r"[a-z]{3,}(?:us|a|is|um|es|ops|on|ex|ix|ys|ia|ea|odon)$")


def latin_rank(span: str, lines: Sequence[EvidenceLine]) -> str:
    """The taxonomic rank a one-word scientific name says by its form: "Amphiprioninae" a subfamily,
    "Boletaceae" a family; a Latin-looking title whose own entry calls it only by a common name
    ("Plectropomus: A coral trout.") a genus; "" for any other name."""
    if " " in span or not span[:1].isupper():
        return ""
    rank = next((rank for ending, rank in _RANK_ENDINGS if span.endswith(ending)), "")
    if rank:
        return rank
    entries = [line for line in lines if same_entity(line.title, span)]
    common = entries and all(span.lower() not in line.text.lower() for line in entries)
    return "genus" if common and _LATIN_ENDING.fullmatch(span.lower()) else ""


def measured_kind_fit(shape: QuestionShape, line: EvidenceLine) -> float:
    """For a measure of a thing the question names by its kind ("How long is that river?"), OTHER_KIND_FIT
    when `line`'s entry says it is another kind of thing ("Andes: a mountain range … running 5000 miles");
    1.0 otherwise."""
    measured = _MEASURED_THING.search(shape.text.lower())
    words = measured.group(1).split() if measured else []
    words = words[: next((i for i, w in enumerate(words) if w in STOPWORDS), len(words))]
    # "how tall is the broadcasting tower in …": the kind is the last of the words before a preposition
    noun = next((singular(w) for w in reversed(words) if singular(w) in TYPE_NOUNS), "")
    if noun not in TYPE_NOUNS or noun in shape.reference.split():
        return 1.0
    said = kind_words(line.text)
    return OTHER_KIND_FIT if said and not said & kinds_of(noun) else 1.0


_THE_OR_POSSESSIVE = r"(?:[Tt]he|[Hh]is|[Hh]er|[Ii]ts|[Tt]heir)"
# "best remembered for his invention of the Bunsen burner", "the island of Crete": the name after "of"
_NAME_AFTER_KIND_OF = rf"\s+of\s+(?:the\s+)?({_CAPITALISED_RUN}(?:\s+[a-z]+)?)"


def named_after_kind(noun: str, text: str) -> list[str]:
    """The names `text` gives right after "the <noun> of" or "his <noun> of" ("his invention of the Bunsen
    burner" → "Bunsen burner"), with the common noun a name may open ("burner"; not "above" of "the city of
    Ottawa above the river", which WordNet also lists as an adjective)."""
    found = []
    for match in re.finditer(rf"\b{_THE_OR_POSSESSIVE}\s+{re.escape(noun)}{_NAME_AFTER_KIND_OF}", text):
        *name, last = match.group(1).split()
        opened = last[:1].isupper() or is_noun(last) and not is_adjective(last) and last not in STOPWORDS
        found.append(" ".join([*name, last] if opened else name))
    return found


def states_kind(span: str, noun: str, text: str) -> bool:
    """Whether `text` says in so many words that `span` is a `noun` (of its kinds): "the star Regulus",
    "its moon, Triton", "Triton is a moon of …", "the Hebei province", "the city of Lima"."""
    kind_pattern = "|".join(re.escape(k) for k in kinds_of(noun))
    apposition = rf"\b(?:{kind_pattern}),?\s+(?:the\s+)?{re.escape(span)}"
    is_a = r"(?:is|was|are|were)\s+(?:a|an|the)\s+"
    copula = rf"{re.escape(span)},?\s+{is_a}(?:[\w-]+\s+){{0,2}}(?:{kind_pattern})\b"
    # "the city of Lima" names a city; only the asked noun itself ("the capital of Peru" names no capital),
    # and not a noun of a role one place has in another ("the capital of Emilia-Romagna" is Bologna)
    # "the Hebei province in …" — not "an American computer scientist": a demonym, or a kind word that
    # only qualifies the noun after it
    kind_after = rf"(?-i:\b{re.escape(span)}\s+(?:{kind_pattern})\b(?!\s+(?!(?:{_STOPWORD_PATTERN})\b)[a-z]))"
    patterns = [apposition, copula] + ([] if place_of(span) else [kind_after])
    if noun not in ROLE_NOUNS:
        # in lower case: "the Gulf of Thailand" is a gulf's name, not a gulf called Thailand
        # "his invention of the Bunsen burner": a possessive, and "the" before the name, as well
        patterns.append(
            rf"(?-i:\b{_THE_OR_POSSESSIVE}\s+{re.escape(noun)}\s+of\s+(?:the\s+)?){re.escape(span)}\b"
        )
    return any(re.search(pattern, text, re.IGNORECASE) for pattern in patterns)


def given_aliases(shape: QuestionShape, named_entries: Sequence[EvidenceLine]) -> list[str]:
    """The other names of entities the question names, from their own entries (`named_entries`: "Great
    Bear, Ursa Major: …" for a question naming Ursa Major): the question gives them, so they answer nothing
    — unless it asks for another name."""
    if shape.name_asked:
        return []
    return [name for line in named_entries for name in [line.title, *entry_names(line.text)]]


def given_link(
    shape: QuestionShape, span: str, named_entries: Sequence[EvidenceLine], lines: Sequence[EvidenceLine]
) -> float:
    """RELATION_BONUS when the entry of an entity the question names (one of `named_entries`) names `span`,
    a thing of the asked kind — said in that entry ("Naples: … capital of the Campania region" for "which
    region of Italy has Naples as its capital?") or in `span`'s own entries ("The Kell Bridge crosses this
    river. At which city?" — "Kell Bridge: … across the Tarn at Ostby", Ostby's entry a city's); 0
    otherwise."""
    if shape.answer_type != "named" or not shape.type_noun or is_among(span, shape.names):
        return 0.0
    if any(states_kind(span, shape.type_noun, line.text) for line in named_entries):
        return RELATION_BONUS
    # a link of the named entity: another entity its entry names, not one of its own names
    named = any(mentions(line.text, span) and not is_entry_of(span, line) for line in named_entries)
    return (
        RELATION_BONUS if named and entry_fit(span, kinds_of(shape.type_noun), lines) >= DEFINED_FIT else 0.0
    )


# "a colony of which country", "a province of which nation": a thing owned by the place asked
_OWNED_BY_PLACE_ASKED = re.compile(
    r"\b([a-z]+)\s+of\s+(?:which|what)\s+(?:country|nation|empire|state|kingdom)\b"
)


def owner_by_demonym(shape: QuestionShape, span: str, text: str) -> bool:
    """Whether `text` gives `span` as the owner the question asks, by its demonym: "formerly a colony of
    which country?" — "… formerly a French colony" (France)."""
    owned = _OWNED_BY_PLACE_ASKED.search(shape.text.lower())
    if not owned or owned.group(1) in STOPWORDS:
        return False
    demonyms = compiled(rf"\b([A-Z][a-z]+)\s+{re.escape(owned.group(1))}\b").findall(text)
    return any(place_of(demonym) == span for demonym in demonyms)


_WHOSE_NOUN = re.compile(r"\bwhose\s+([a-z]+)\b", re.IGNORECASE)


def owner_of_whose(shape: QuestionShape, span: str, text: str) -> bool:
    """Whether `text` writes `span` right before the noun a "whose <noun>" question asks the owner of, or
    as its possessor: "whose navy" — "the Russian navy", "Tarno's navy"."""
    whose = _WHOSE_NOUN.search(shape.text)
    noun = re.escape(whose.group(1).lower()) if whose else ""
    return bool(noun) and bool(re.search(rf"\b{re.escape(span)}(?:['’]s)?\s+{noun}\b", text))


# "capital city of the Piemonte region": a role a place holds in a named place of some kind
_ROLE_IN_KIND = re.compile(
    rf"\b(?:{'|'.join(sorted(ROLE_NOUNS))})(?:\s+city)?\s+of\s+(?:the\s+)?(?:[A-Z][\w'’-]*\s+)+([a-z]+)\b"
)


def role_of_other_kind(shape: QuestionShape, span: str, line: EvidenceLine) -> bool:
    """Whether the span's own entry gives it the role asked in a place of another kind than the bridge's:
    "the capital of the country where …" — "Turin: capital city of the Piemonte region" (a region's)."""
    if not shape.bridge or not ROLE_NOUNS & set(shape.asked) or not is_entry_of(span, line):
        return False
    held_in = _ROLE_IN_KIND.search(definition(line.text))
    kind = held_in.group(1) if held_in else ""
    return kind in PLACE_KINDS and kind not in kinds_of(shape.bridge)


def bears_given_name(shape: QuestionShape, span: str, line: EvidenceLine) -> bool:
    """Whether `line` is the entry of `span` and lists the name the question asks the bearer of."""
    borne = shape.borne_name
    return bool(borne) and is_entry_of(span, line) and borne in entry_names(line.text)


# "… stretch from British Columbia down to where?": the far end of a stretch whose start the question gives
_FAR_END_ASKED = re.compile(
    r"\bfrom\s+(.+?)\s+(?:(?:all|the|way|down|up|south|north|east|west|[a-z]+ward)\s+)*to\s+where\W*$"
)


@functools.lru_cache(maxsize=2**12)  # `type_fit` asks again for every span of the line `candidates` read
def far_end(question: str, text: str) -> str:
    """For "… from <start> to where?", what `text` puts after "from <start> to", lower-case, up to the
    next punctuation ("extends from British Columbia to northern New Mexico;" → "northern new mexico");
    "" for a question of another shape or a text that does not say it."""
    asked = _FAR_END_ASKED.search(question.lower())
    if not asked:
        return ""
    start = re.escape(asked.group(1).removeprefix("the "))
    stated = re.search(rf"\bfrom\s+(?:the\s+)?{start}\s+to\s+([^;,.()]+)", text.lower())
    return stated.group(1).strip() if stated else ""


# "into which lake does this river flow?", "where does it drain?": where a flow ends; a gloss writes its
# course "flowing from Lake Tarn to Lake Kell"
_FLOW_END_ASKED = re.compile(
    r"\b(?:into|to)\s+(?:which|what)\b[^?]*\b(?:flow|empt|drain|discharg)"
    r"|\b(?:which|what|where)\b[^?]*\b(?:flow|empt|drain|discharg)\w*(?:\s+(?:out|in|into|to))?\W*$"
)
_FLOWS_FROM_TO = re.compile(
    r"\bflow(?:s|ing|ed)?\s+(?:\w+ward\s+)?from\s+(?:the\s+)?([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
    r"\s+(?:in\w*\s+)?to\s+(?:the\s+)?([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
)
_FLOWS_INTO = re.compile(
    r"\b(?:flow|empt|drain|discharg)\w*\b[^;]*?\binto\s+(?:the\s+)?([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
)


def flow_course(question: str, text: str) -> tuple[str, str]:
    """For a question asking where a flow ends, the start and the end of the course `text` gives it
    ("flowing from Lake Tarn to Lake Kell" → ("Lake Tarn", "Lake Kell")), or its end alone ("flows …
    into the Kell Channel" → ("", "Kell Channel")); ("", "") otherwise."""
    if not _FLOW_END_ASKED.search(question.lower()):
        return "", ""
    course = _FLOWS_FROM_TO.search(text)
    if course:
        return course.group(1), course.group(2)
    # "flows through the heart of Tarnburg and then northward into the Kell Channel"
    into = _FLOWS_INTO.search(text)
    return ("", into.group(1)) if into else ("", "")


# "where does this river have its source", "in which mountains does it rise", "where does it originate"
_FLOW_SOURCE_ASKED = re.compile(
    r"\b(?:which|what|where)\b[^?]*\b(?:have|has|had)\s+its\s+(?:source|headwaters)\b"
    r"|\b(?:which|what|where)\b[^?]*\b(?:rise|rises|originate|originates|spring|springs)\b(?!\s+(?:to|above)\b)"
    r"|\b(?:source|headwaters)\s+(?:of\s+(?:this|the)\s+[\w-]+\s+)?(?:is|lies?)\b"
)
# "rises in the Black Forest", "has its source in Lake Kell", "flowing from Lake Tarn to …"
_FLOW_SOURCE = re.compile(
    r"\b(?:rises|rising|rose|originates|originating|has\s+its\s+source|its\s+source|springs|flows?\s+from)"
    r"\s+(?:(?:in|on|at|near|from)\s+)?(?:the\s+)?([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
)


def flow_source(question: str, text: str) -> list[str]:
    """For a question asking where a flow begins, the places `text` says it rises in ("rises in the Black
    Forest and flows north into the Rhine" → ["Black Forest"]); [] otherwise."""
    return _FLOW_SOURCE.findall(text) if _FLOW_SOURCE_ASKED.search(question.lower()) else []


# "… faces which province across its river?": the place on the far side of something from the subject
_ACROSS_ASKED = re.compile(r"\b(?:which|what)\b[^?]*\bacross\b|\bacross\b[^?]*\b(?:which|what)\b")
# "located in southeastern Ontario across the Ottawa river from Quebec": what lies on the far side
_ACROSS_FROM = re.compile(
    r"\bacross\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){1,4}?from\s+(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


def across_from(question: str, text: str) -> list[str]:
    """For a question asking what lies across something from its subject, the names `text` puts after
    "across the <thing> from" ("across the Ottawa river from Quebec" → ["Quebec"]); [] otherwise."""
    return _ACROSS_FROM.findall(text) if _ACROSS_ASKED.search(question.lower()) else []


def type_fit(shape: QuestionShape, span: str, line: EvidenceLine, lines: Sequence[EvidenceLine]) -> float:
    """How well the evidence says `span` is the kind of answer the question asks for."""
    if shape.answer_type in ("year", "number") and span in aligned(shape, line.text):
        return ALIGNED_FIT  # "served as its capital until which year" — "capital … until 2005"
    if shape.answer_type == "year" and span in dated_firsts(shape.text, line.text):
        return ALIGNED_FIT  # "became the first woman to command one" — "… and the first woman to command one
        # (1999)", not the year of her first flight as pilot written in the same line
    dated = dated_by_verb(shape.text, line.text) if shape.answer_type == "year" else []
    if dated:  # "in which year was it returned to China" — "leased … in 1842 and returned in 1997"
        return ALIGNED_FIT if span in dated else OTHER_KIND_FIT
    if shape.choices:
        return 1.0 if span.lower() in shape.choices else OTHER_KIND_FIT  # an option listed, or another name
    material, before_thing = made_of(shape, line.text)
    if before_thing and not material and span not in before_thing:
        return OTHER_KIND_FIT  # "which metals were these coins struck from" — "silver and bronze coins struck
        # by Greek city-states": the words before the thing are the material, not who struck it
    holders = holders_of_part(shape.text, line.text)
    if span in holders:
        return ALIGNED_FIT  # "which country governs the eastern part of it" — "… the eastern part is Kell"
    if span.lower() in far_end(shape.text, line.text):
        return ALIGNED_FIT  # "stretch from Kell down to where?" — "extends from Kell to northern Tarn"
    if span in placed_near(shape, line.text):
        return ALIGNED_FIT  # "which larger city is that one near?" — "a German city near Leipzig"
    start, end = flow_course(shape.text, line.text)
    if span in (start, end):
        return ALIGNED_FIT if span == end else OTHER_KIND_FIT  # "into which lake does it flow" — "… to Kell"
    if shape.type_noun in (None, "place") and span in flow_source(shape.text, line.text):
        # "where does this river have its source" — "rises in the Black Forest" (a kind asked, "in which
        # country does it rise", is read by kind)
        return ALIGNED_FIT
    if span in across_from(shape.text, line.text):
        return ALIGNED_FIT  # "faces which province across its river?" — "across the Ottawa river from Quebec"
    if not holders and object_of_asked_verb(shape, span, line.text):
        return ALIGNED_FIT  # "which monster did Perseus slay?" — Perseus: "… who slew Medusa"
    if span in related_to_owner(shape, line):
        return (
            ALIGNED_FIT  # "which Greek goddess is Juno's counterpart" — Juno: "… counterpart of Greek Hera"
        )
    if shape.type_noun in TAXONOMIC_RANKS and ranked_as_other(shape.type_noun, span, line.text):
        return OTHER_KIND_FIT  # "which genus does it belong to" — "belonging to the family Boletaceae"
    if shape.answer_type == "named" and defined_as_asked(shape, span, line):
        return ALIGNED_FIT  # "what do astronomers call an asteroid whose orbit crosses the Earth's orbit?"
    if shape.acting and span in doers(line.text, shape.acting):
        return ALIGNED_FIT  # the doer of the asked verb: "what divides it" — "that dark lanes of dust divide"
    if role_of_other_kind(shape, span, line):
        return (
            RANKED_FIT  # "the capital of the country where …" — "Turin: capital city of the Piemonte region"
        )
    if owner_by_demonym(shape, span, line.text) or owner_of_whose(shape, span, line.text):
        return ALIGNED_FIT  # "formerly a colony of which country?" — "formerly a French colony"; "whose navy
        # has a stronghold here?" — "stronghold of the Russian navy"
    if bears_given_name(shape, span, line):
        return ALIGNED_FIT  # "Which star is also known as Alpha Orionis?" — "Betelgeuse, Alpha Orionis: …"
    if shape.type_noun == "government":
        return 1.0 if span.split()[-1].rstrip("s") in FORMS_OF_GOVERNMENT else 0.0
    if shape.type_noun == "diet":
        return 1.0 if span in DIETS else 0.0
    described = shape.answer_type != "colour" or re.search(
        rf"\b{re.escape(span)}\b", definition(line.text).lower()
    )
    if not described:  # "great blue heron, …: … having bluish-grey plumage": a name is no description
        return NAMED_COLOUR_FIT
    marked = marking_colours(shape, line.text) if shape.answer_type == "colour" else []
    if marked:  # "what colour are the stripes on its coat" — "tawny coat … striped … with black": not tawny
        return ALIGNED_FIT if span in marked else 1.0
    if span in parts_of_region(shape, line.text):
        return ALIGNED_FIT  # "where in Europe": "southern Europe" is the place asked
    # a part named by a direction, only in a line of the thing asked about (its full weight): "where is this
    # ox wild" is "Tibet" from its own entry, not "western United States" from a bison's
    own_line = line.weight >= 1.0
    if asks_wide_place(shape) and (
        span in parts_of_places(line.text) or own_line and span in directional_parts(line.text)
    ):
        return ALIGNED_FIT  # "where would you find this bird": "tropical America" says more than "America"
    if asks_wide_place(shape) and span in adjective_places(line.text):
        return 1.0  # "a heron of which part of the world" — "large American heron": America
    if shape.answer_type == "year" and _ASKS_YEARS.search(shape.text) and _YEAR_SPAN.fullmatch(span):
        return ALIGNED_FIT  # "in which years" — "(1894 and 1895)": several years over any one
    if shape.asks_date_range and _DATE_RANGE.fullmatch(span):
        return 1.0  # "between which dates" — "from about April 20 to May 20"
    if shape.answer_type == "year" and (
        shape.asks_date or _DATE.fullmatch(span) or centuries(span, line.text)
    ):
        # "on what date": "March 3, 1921" over "1921"; "when does it leave": "from May 22 to June 21"
        bound = {"start": r"\b(?:from|between)", "end": r"\b(?:to|until|till|through|and)"}.get(
            shape.year_role or ""
        )
        opens = not bound or re.search(rf"{bound}\s+(?:about\s+|the\s+)?{re.escape(span)}", line.text)
        fit = YEAR_FOR_DATE_FIT if _YEAR.fullmatch(span) else 1.0
        if not shape.asks_date and _DATE.fullmatch(span):
            fit = DAY_FOR_YEAR_FIT  # "when …" asks a year first; a day of every year only without one
        return fit if opens else fit * OTHER_END_FIT  # "until what date": "from May 22 to June 21" → June 21
    if shape.answer_type == "year":  # "died" → a life range "(1853-1890)" says it best; any other event
        # ("when did Herschel announce he had discovered Uranus") a year stated outside one
        # "404 BC"; a year stated outside the range too is an event's ("in 1583 established … (1539-1583)")
        year = span.split()[0]
        in_range = any(year in pair for pair in _YEAR_RANGE.findall(line.text)) and not re.search(
            rf"(?<![\d(–-]){re.escape(year)}(?![\d)–-])", _YEAR_RANGE.sub("", line.text)
        )
        if shape.year_role and not lived(shape) and span in event_years(line.text, shape.year_role):
            return 1.0  # "when did her reign begin" — "queen … from 1837 to 1901"
        return 1.0 if in_range == bool(shape.year_role) else 0.5
    if shape.answer_type in ("number", "ordinal") and span in catalogue_numbers(shape, line.text):
        return 1.0  # "its number in Messier's catalogue" — "Messier 104"
    if shape.answer_type == "number" and not shape.measure and not shape.named_unit:
        return 1.0 if counts(span, counted_noun(shape.text), line.text) else UNBOUND_COUNT_FIT
    if shape.part and any(span in look.split() or span == look for look in part_looks(shape, line.text)):
        return ALIGNED_FIT  # the look of the part asked about: "a broad flat tail", "a brownish-red rind"
    if shape.answer_type == "number" and shape.measure:
        return measured_kind_fit(shape, line)
    material, before_thing = made_of(shape, line.text)
    if span in material or span in qualified_nouns(shape, line.text):
        return ALIGNED_FIT  # "what are its rings made of" — "rings of ice particles"; "… domesticated ox"
    if span in before_thing:
        return TYPED_PHRASE_FIT  # "what are its tusks made of" — "having ivory tusks"
    if _SIZE_OF_ASKED.search(shape.text) and span in _SIZED.findall(line.text):
        return ALIGNED_FIT  # "its body is roughly the size of what" — "pig-sized … rodent"
    if shape.type_noun == "direction" and span in compass_points(line.text):
        return 1.0  # "in which direction from Australia" — "an island … to the north of Australia"
    if shape.answer_type == "named" and _ASKS_SHAPE.search(shape.text) and shaped(span, line.text):
        return 1.0  # "what shape do the stars of Cassiopeia trace" — "a W-shaped constellation"
    if _OFFERED.search(shape.text) and span in alternatives(shape, line.text):
        return 1.0  # "are we seeing it face-on or from some other angle?" — "an edge-on starburst galaxy"
    if shape.answer_type == "named" and PURPOSE_ASKED.search(shape.text) and span in purposes(line.text):
        return 1.0  # "what is an ox like this kept for" — "used chiefly as a draft animal"
    if shape.answer_type == "named" and _GOAL_ASKED.search(shape.text) and span in goals(line.text):
        return 1.0  # "what was that program's goal" — "undertaken by US to land a man on the Moon"
    if shape.answer_type == "named" and span in traded(shape, line.text):
        return ALIGNED_FIT  # "Brazil leads the world in exporting which product?" — "leading coffee exporter"
    if shape.answer_type == "named" and _DANGER_ASKED.search(shape.text) and _DANGER.fullmatch(span):
        return 1.0  # "what's dangerous about it?" — "a very poisonous lionfish"
    if shape.answer_type == "named" and _STATUS_ASKED.search(shape.text) and _STATUS.fullmatch(span):
        return 1.0  # "what's its situation?" — "in danger of extinction"
    if shape.answer_type in ("year", "number", "ordinal", "colour", "scientific_name", "nationality"):
        return 1.0  # the candidate already has the form
    kind = shape.type_noun
    if kind and qualifies_kind(span, asked_kinds(kind), line.text) and is_kind_of_people_or_places(kind):
        return QUALIFIER_FIT  # "which prophet …" — "Elijah: a Hebrew prophet …": Hebrew is no prophet
    if shape.answer_type == "person":
        return person_fit(shape, span, line, lines)
    if span in aligned(shape, line.text) or span in owners_named_before(shape, line.text):
        return ALIGNED_FIT  # where the question's own words put the answer: "lies inside what …" — "inside X"
    if span in listed_besides(shape, line.text):
        return ALIGNED_FIT  # "besides music, prophecy and healing" — "… prophecy and poetry and music …"
    verb = agent_verb(span, line.text) if shape.answer_type == "named" else ""
    agent = (
        verb
        and not holders
        and is_asked_verb(shape, verb)
        and not names_another_kind(shape, span)
        and not asks_object_of(shape, verb)
    )
    # (not where the line sets another name before the question's closing phrase: "bordered by Iran to the
    # west … and Pakistan to the east and south" for "which country borders it to the east and south")
    closing = closed_by_question(shape, line.text) if agent else []
    if agent and (not closing or span in closing):
        return ASKED_VERB_AGENT_FIT  # "which country governs …" — "governed by Veldia"
    if shape.type_noun == "language" and re.search(rf"\b{re.escape(span)}[- ]speaking\b", line.text):
        return 1.0  # "the largest French speaking country"
    if shape.predicate and span in without_set_aside(shape, verb_objects(line.text, shape.predicate)):
        return 1.0  # what the asked verb takes: "feeds on eucalyptus leaves"; "apart from the pendulum, what
        # did he invent" — "invented the Foucault pendulum and the gyroscope": the gyroscope
    if shape.type_noun == "place" and span[:1].islower():
        return TYPED_PHRASE_FIT if span in habitats(line.text) else 0.0  # "inhabits brackish lakes"
    if (_NAMING.search(shape.text) or _NAME_ASKED.search(shape.text)) and re.search(
        rf"{_NAMING.pattern}\s+(?:the\s+)?{re.escape(span)}", line.text
    ):
        return 1.0  # "what are … called?" — "… are called the Northern Lights"
    noun = shape.type_noun
    if bare_what(shape) and any(p.startswith(span + " ") for p in nouns_a_name_qualifies(line.text)):
        return QUALIFIER_FIT  # "Greek" of "Greek soldiers" for "what was hidden inside it?"
    if not noun or shape.asks_identity:
        return 0.5
    if noun == "genus" and span in genera(line.text):
        return 1.0  # the first word of a binomial the entry lists
    kinds = asked_kinds(noun)
    head = name_head(span)
    if span[:1].islower():
        narrowed = narrowed_kinds(shape)
        if answered_by_common_noun(noun) and narrowed and is_common_noun_of_kind(span, narrowed):
            return LEXICON_KIND_FIT  # "which philosophical movement" — "transcendentalism", a philosophy
        if head not in kinds and answered_by_common_noun(noun) and is_common_noun_of_kind(span, kinds):
            # "which sport did she play" — "tennis player": tennis is a sport; a kind of many senses
            # ("which literary form", "which natural feature") types less surely, and so does one the
            # question narrows that the noun is not of ("drip", a movement of liquid, for a philosophical one)
            surely = sense_count(noun) < AMBIGUOUS_SENSES and not narrowed
            return LEXICON_KIND_FIT if surely else TYPED_PHRASE_FIT
        if shape.kind_of:  # "in what kind of seas …": "cold seas" says the kind asked
            return 1.0 if head in kinds else 0.0
        named_kind = any(kinds & kind_words(other.text) for other in lines)
        return TYPED_PHRASE_FIT if head in kinds and not named_kind else 0.0
    if span.lower() in kinds:
        return 0.0  # the kind's own word ("Capital" for "which city …?") names no one thing
    if kinds & (PLACE_KINDS | ROLE_NOUNS) and " " not in span and place_of(span):
        return 0.0  # an adjective of a place ("common Indian antelope") is not the place, nor its capital
    if head in kinds or is_continent(span, kinds) or is_union_of_states(span, kinds):
        return 1.0  # "Indian Ocean", "Guatemala City", "People's Republic of China"; a continent
    if states_kind(span, noun, line.text):
        return 1.0
    fit = entry_fit(span, kinds, lines)
    if fit == UNKNOWN_TYPE_FIT and names_another_kind(shape, span):
        return OTHER_KIND_FIT  # "Northern Sea" when a country is asked for: its name says what it is
    # "a university in New Haven", "an active volcano in eastern Congo", "a city on Kyushu"
    locative = (
        rf"\b(?:in|on|at|near|from|through|across)\s+(?:the\s+)?(?:[a-z]+ern\s+|central\s+)?{re.escape(span)}"
    )
    if (
        fit == UNKNOWN_TYPE_FIT
        and kinds & PLACE_KINDS
        and (re.search(locative, line.text) or any(place_of(n) == span for n in names_in(line.text)))
    ):
        fit = LOCATIVE_FIT  # "a university in New Haven", "an Indian antelope": where something is
    if fit == UNKNOWN_TYPE_FIT:  # "near Leo and Virgo": a name listed with one of the kind is one too
        peers = [entry_fit(peer, kinds, lines) for peer in coordinated(span, line.text)]
        fit = max([fit, *(COORDINATED_FIT for p in peers if p > UNKNOWN_TYPE_FIT)])
    return fit


# A relation noun asked of a name, the owner. Its entry states the relation as asked ("Juno was the wife of
# which god?" — Juno: "wife and sister of Jupiter"), or, when the question asks who stands in the relation to
# the owner, by its inverse ("Who was Vessa's husband?" — Vessa: "the wife of Tarno")
_RELATIONS_AS_ASKED = re.compile(
    # "Which Greek goddess is Juno the counterpart of?"
    rf"\b(?:is|was|are|were)\s+(?P<owner>{_CAPITALISED_NAME})\s+the\s+(?P<noun>[a-z]+)\s+of\s*\??$"
    # "With which Roman goddess is Hera identified?", "… Which Greek goddess is she identified with?"
    rf"|\b(?:is|was|are|were)\s+(?P<owner2>{_CAPITALISED_NAME}|she|he|it)\s+(?P<noun2>identified)"
    r"(?:\s+with)?\s*\??$"
    # "Juno was the wife of which god?", "Brisbane is the capital of which Australian state?", "Juno is the
    # Roman counterpart of which Greek goddess?", "Perth is the state capital of which part of Australia?"
    rf"|\b(?P<owner3>{_CAPITALISED_NAME})\s+(?:is|was)\s+(?:the\s+|an?\s+)?(?:[A-Z][a-z]+\s+)?(?:[a-z]+\s+)??"
    r"(?P<noun3>[a-z]+)\s+of\s+(?:which|what|whom)\b"
    # "Whose twin sister was Artemis?", "whose wife was the goddess Juno?", "whose wife and sister was Juno?"
    rf"|\b(?i:whose)\s+(?:twin\s+)?(?P<noun4>[a-z]+)(?:\s+and\s+[a-z]+)?\s+(?:is|was)\s+(?:the\s+(?:[a-z]+\s+)?)?"
    rf"(?P<owner4>{_CAPITALISED_NAME})\s*\??$"
    # "Cassiopeia was married to a king. Who was he?", "Cassiopeia married which king?"
    rf"|\b(?P<owner5>{_CAPITALISED_NAME})\s+(?:(?:is|was)\s+)?(?P<noun5>married)\s+(?:to\s+)?"
    r"(?:an?|which|what|whom)\b"
)
_RELATIONS_INVERSE = re.compile(
    # "Which Greek goddess is Juno's counterpart?", "Who was that goddess's husband (and brother)?": the
    # bridge's
    rf"\b(?:is|was|are|were)\s+(?P<owner>{_CAPITALISED_NAME}|that\s+[a-z]+)['’]s?\s+"
    r"(?:(?:twin|elder|older|younger|half)[\s-]+)?(?P<noun>[a-z]+)"
    # "Who was Apollo's twin in Greek myth?", "Who is Juno's counterpart among the Greek gods?"
    r"(?:\s*\([^)]*\))?(?:\s+(?:in|among)\s+(?:the\s+)?(?:[A-Z][a-z]+\s+)?"
    r"(?:myths?|mythology|legends?|gods|goddesses|pantheon))?\s*\??$"
    # "Artemis was the goddess of the hunt - who was her twin brother?": the one the question opens with
    # "In Roman myth, Juno was queen of the gods - who was both her husband and her brother?"
    rf"|^(?:[^,?]*,\s+)?(?P<owner2>{_CAPITALISED_NAME})\s+(?:is|was)\b[^?]*\b(?:is|was|are|were)\s+(?:both\s+)?"
    r"(?:her|his)\s+(?:twin\s+)?(?P<noun2>[a-z]+)(?:\s+and\s+(?:her|his)\s+[a-z]+)?\s*\??$"
)


# The noun the owner's entry states a relation by, when it is the other side's ("Who was Vessa's husband?" —
# Vessa: "the wife and sister of Tarno")
_INVERSE_RELATIONS = {
    "husband": r"wife",
    "wife": r"husband",
    "father": r"(?:son|daughter)",
    "mother": r"(?:son|daughter)",
    "brother": r"(?:twin\s+)?(?:sister|brother)",  # "twin sister of Apollo": Artemis's brother is Apollo
    "sister": r"(?:twin\s+)?(?:sister|brother)",
    "twin": r"twin\s+(?:sister|brother)",  # "Who was Apollo's twin?" — "twin brother of Artemis"
}
# The nouns an entry states a relation by that the question asks in other words ("married to" — "wife of";
# "whose twin sister was Artemis" — "twin sister of Apollo")
_RELATIONS_STATED_AS = {
    "married": r"(?:wife|husband|consort)",
    "sister": r"(?:twin\s+)?sister",
    "brother": r"(?:twin\s+)?brother",
    "identified": r"(?:identified\s+with|counterparts?\s+of)",  # "identified with Roman Juno"
}


@functools.lru_cache(maxsize=2**10)  # `type_fit` asks for every span of every line
def owner_relation(question: str) -> tuple[str, str, str] | None:
    """The owner a question asks a relation of, the relation noun, and the pattern the owner's own entry
    states that relation by ("Juno was the wife of which god?" → ("Juno", "wife", "wife…of"); "Who was
    Vessa's husband?" → ("Vessa", "husband", "wife…of")); None for a question of another shape."""
    for pattern, stated_as in (
        (_RELATIONS_AS_ASKED, _RELATIONS_STATED_AS),
        (_RELATIONS_INVERSE, _INVERSE_RELATIONS),
    ):
        asked = pattern.search(question)
        if asked:
            # each alternative names its groups owner<n> and noun<n>: the one that matched gives them
            found = {name.rstrip("0123456789"): value for name, value in asked.groupdict().items() if value}
            noun = found["noun"]
            lead = stated_as.get(noun, re.escape(noun))
            if noun != "identified":
                # "wife and sister of Jupiter", "capital and largest city of Queensland state"
                lead = rf"{lead}s?(?:\s+and\s+(?:[a-z]+\s+){{0,2}}?[a-z]+)?\s+of"
            return found["owner"], noun, lead
    return None


def related_to_owner(shape: QuestionShape, line: EvidenceLine) -> list[str]:
    """The names the owner's own entry puts after the relation the question asks of it ("counterpart of
    Greek Hera" → Hera), or after its inverse ("Vessa's husband" — "the wife of Tarno" → Tarno); none for a
    line of another entity, or for a question of another shape. The owner is named ("Juno's counterpart"),
    or the bridge the chain found ("that goddess's husband")."""
    asked = owner_relation(shape.text)
    if not asked:
        return []
    named, noun, lead = asked
    described = named.startswith("that ") or named in ("she", "he", "it")
    owner = shape.bridge_entity if described else named
    if not owner or not is_entry_of(owner, line):
        return []
    name = f"({_CAPITALISED_NAME})"
    # "counterpart of Greek Hera": a demonym before the name is no part of it; "Western Australia" is one name
    related = compiled(rf"\b{lead}\s+(?:the\s+)?(?:{DEMONYM_SHAPE.pattern}\s+)?{name}(?:\s+and\s+{name})?")
    # "son of Zeus and Leto": the father is named first, the mother second
    second = noun == "mother"
    return [(pair[1] or pair[0]) if second else pair[0] for pair in related.findall(line.text)]


def ranked_as_other(rank: str, span: str, text: str) -> bool:
    """Whether `text` writes `span` after a taxonomic rank other than `rank` ("the family Boletaceae")."""
    before = re.search(rf"\b([a-z]+)\s+{re.escape(span)}\b", text)
    return bool(before) and before.group(1) in TAXONOMIC_RANKS and before.group(1) != rank


def names_another_kind(shape: QuestionShape, span: str) -> bool:
    """Whether a name's own head word says it is another kind of thing than the one asked ("Indian Ocean"
    when a peninsula is asked for)."""
    head = name_head(span)
    kinds = kinds_of(shape.type_noun) if shape.type_noun else frozenset()
    return bool(kinds) and len(span.split()) > 1 and head in TYPE_NOUNS and head not in kinds


# Countries named by the word for their parts ("United States"), whose head says "state" (a closed class)
_UNIONS_OF_STATES = {"United States", "United States of America", "United Arab Emirates"}


def is_union_of_states(name: str, kinds: frozenset[str]) -> bool:
    """Whether a country is asked for and `name` is one named as a union of states or emirates."""
    return "country" in kinds and name in _UNIONS_OF_STATES


def is_continent(name: str, kinds: frozenset[str]) -> bool:
    """Whether a continent is asked for and `name` is one (a closed class: no evidence needed)."""
    return "continent" in kinds and name in CONTINENTS


def asked_kinds(noun: str) -> frozenset[str]:
    """The words that say a thing is of the asked kind, the noun given in the plural or not ("what
    complex structures …": a structure)."""
    return kinds_of(noun) | kinds_of(singular(noun))


def kinds_of(noun: str) -> frozenset[str]:
    """The words that say a thing is of the kind `noun` ("country" → country, nation, republic, …)."""
    return SYNONYMS.get(noun, word_set(f"{noun} {noun}s"))


def name_head(span: str) -> str:
    """The head word of a name, singular and lower-case: "Indian Ocean" → "ocean", "People's Republic of
    China" → "republic", "Eckert-Mauchly Computer Corporation" → "corporation", "Lake Victoria" → "lake"."""
    words = span.lower().split(" of ")[0].split()
    if len(words) > 1 and singular(words[-1]) not in TYPE_NOUNS and singular(words[0]) in TYPE_NOUNS:
        return singular(words[0])  # "Lake Victoria" is a lake
    return singular(words[-1]) if words else ""


def coordinated(span: str, text: str) -> list[str]:
    """Names joined to `span` by "and", "or" or a comma in `text` ("Leo and Virgo")."""
    name = r"([A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*)"
    escaped = re.escape(span)
    after = compiled(rf"\b{escaped}\s*(?:,|\band\b|\bor\b)\s*(?:the\s+)?{name}").findall(text)
    before = compiled(rf"{name}\s*(?:,|\band\b|\bor\b)\s*(?:the\s+)?{escaped}\b").findall(text)
    return [n for n in after + before if n != span]


def paired_names(shape: QuestionShape) -> frozenset[str]:
    """The names (lower-case) a question pairs with what it asks ("between the South Atlantic and which
    mountain range", "between Gemini and which other constellation"); none when it pairs nothing."""
    return frozenset(name.lower() for name in shape.names) if _PAIRED_ASK.search(shape.text) else frozenset()


def paired_with_named(shape: QuestionShape, span: str, line: EvidenceLine, paired: Collection[str]) -> float:
    """PAIRED_BONUS when `line` pairs `span` with a name the question pairs with its answer (`paired`:
    "between the Andes and the South Atlantic"); BETWEEN_PAIRED_BONUS when both set the pair "between"."""
    peers = [peer for peer in coordinated(span, line.text) if peer.lower() in paired]
    if not peers:
        return 0.0
    between = r"\bbetween\s+(?:the\s+)?"
    pair = "|".join(
        rf"{between}{re.escape(a)}\s+and\s+(?:the\s+)?{re.escape(b)}\b"
        for peer in peers
        for a, b in ((peer, span), (span, peer))
    )
    both_between = re.search(r"\bbetween\b", shape.text, re.IGNORECASE) and re.search(pair, line.text)
    return BETWEEN_PAIRED_BONUS if both_between else PAIRED_BONUS


def relation(shape: QuestionShape, span: str, lines: Sequence[EvidenceLine], chain: Sequence[str]) -> float:
    """RELATION_BONUS when an entry of `span` is headed by the asked kind and ties it to a chain entity
    — a reverse link: "Lima: the capital of Peru" for the capital of the country a llama lives in (the
    bridge), or of the country a coin comes from (the image's own entity); "Regulus: the brightest star
    in the constellation Leo"; "Sydney: the largest Australian city" (a demonym of the chain entity).
    When the question qualifies the kind — a superlative ("the largest city") or a narrower kind ("the
    capital" when a city is asked for) — the qualifier must stand with the kind, not after a rank
    ("3rd largest city in Australia" is not its largest): else only KIND_ONLY_RELATION_BONUS. 0 for
    no tie."""
    if shape.answer_type != "named" or not shape.type_noun or not chain:
        return 0.0
    kinds = kinds_of(shape.type_noun)
    qualifiers = [
        w for w in shape.asked if not same_stem(w, shape.type_noun) and (w in kinds or is_superlative(w))
    ]  # not the kind's own plural ("which of its provinces is the smallest")
    rank = next((_rank(w) for w in _tokens(shape.text) if _RANKED.match(w)), "")  # "the second brightest"
    # "Nunavut: an Arctic territory in northern Canada … governed by the Inuit" is tied to more of the
    # chain than "Yukon: a territory in northwestern Canada" (entities found on the way, not names the
    # question gives)
    found = [name.lower() for name in chain if not any(same_entity(name, n) for n in shape.names)]
    former_asked = bool(set(_tokens(shape.text)) & _FORMER_WORDS)
    best = 0.0
    for line in lines:
        if not is_entry_of(span, line) or not kinds & kind_words(line.text):
            continue
        more = max(sum(name in line.text.lower() for name in found) - 1, 0)
        # "; " keeps an alias's last name apart from a definition's first ("capital of Veldia; Veldia's")
        words = "; ".join([*kind_aliases(line.text), definition(line.text)]).split()
        for i, word in enumerate(words):
            if word.lower().strip(",;") not in kinds or not _tied(words, i, chain):
                continue
            window = _tokens(" ".join(words[max(0, i - QUALIFIER_WINDOW) : i + 1]))
            asked_word = word.lower().strip(",;") in {shape.type_noun, *shape.asked}
            if asked_word and set(window) & _FORMER_WORDS and not former_asked:
                continue  # "Kyoto: … was once the capital of Japan" is no capital of Japan now
            qualified = not qualifiers or _qualified(window, qualifiers, rank)
            bonus = RELATION_BONUS if qualified else KIND_ONLY_RELATION_BONUS
            best = max(best, bonus + CHAIN_MENTION_BONUS * more)
    return best


# Words that put a relation in the past ("once the capital of Japan", "the former capital"), and a question
# asking a past one ("what was its old capital?")
_FORMER_WORDS = word_set("once former formerly onetime erstwhile old ancient previous until")


def is_superlative(word: str) -> bool:
    """ "largest", "southernmost", "innermost"; not "forest", "almost"."""
    return bool(_SUPERLATIVE.match(word) or _MOST_SUPERLATIVE.match(word)) and word not in _NOT_SUPERLATIVES


def _tied(words: Sequence[str], at: int, chain: Sequence[str]) -> bool:
    """Whether the kind word `words[at]` is tied to a chain name: "<kind> of|in [the …] <name>", or a
    demonym or possessive of the name right before it ("Australian capital", "Jupiter's satellites")."""
    before = words[at - 1].strip(",;") if at > 0 else ""
    possessor = unpossessed(before)
    owners = [o for o in (place_of(before), possessor if possessor != before else None) if o]
    # the window holds the whole name: "an arm of the southern Pacific Ocean"
    return any(
        _relates(" ".join(words[at : at + RELATION_WINDOW + len(name.split())]), name)
        or any(same_entity(o, name) for o in owners)
        for name in chain
    )


def _tokens(text: str) -> list[str]:
    """Lower-case words, hyphenated compounds split ("third-largest" → third, largest)."""
    return re.findall(r"[\w'’]+", text.lower())


def _qualified(window: Sequence[str], qualifiers: Sequence[str], rank: str = "") -> bool:
    """Whether a qualifier of the question stands in `window` after the question's own rank ("2nd") or,
    when it asks for none, after no rank ("the 3rd largest city" is not the largest)."""
    return any(
        any(same_stem(word, q) for q in qualifiers) and _rank(window[j - 1] if j else "") == rank
        for j, word in enumerate(window)
    )


def _rank(word: str) -> str:
    """ "second" or "2nd" → "2nd"; "" for a word that is no rank."""
    return ORDINAL_WORDS.get(word, word) if _RANKED.match(word) else ""


def _relates(after: str, name: str) -> bool:
    """Whether `after` (the kind word and what follows it) reads "<kind> of|in [the …] <name>" with no
    other name in between: "capital of Peru", "star in the constellation Leo"."""
    match = re.match(r"\S+\s+(?:of|in)\s+", after)
    at = after.find(name.split()[0], match.end()) if match else -1
    return at >= 0 and mentions(after, name) and not re.search(r"\b[A-Z]", after[match.end() : at])


def entry_fit(span: str, kinds: frozenset[str], lines: Sequence[EvidenceLine]) -> float:
    """0.9 when the span's own entry defines it with one of `kinds` at its head ("a republic in …"),
    0.1 when its entries define it as something else, UNKNOWN_TYPE_FIT when no entry of it says what it
    is. Without an entry among the evidence, the KB's entries under its title may say (`titled_fit`)."""
    said = [kind_words(line.text) for line in lines if is_entry_of(span, line)]
    if not any(said):  # no entry of it, or none that says what it is ("Completed in 1944, it …")
        return titled_fit(span, kinds)
    return DEFINED_FIT if any(kinds & words for words in said) else OTHER_KIND_FIT


TitledEntries = Callable[[str], Sequence[str]]  # a title → the texts the KB stores under exactly that title
# The KB's entries of a name, for the names the evidence holds no entry of; set for one reading by
# `looking_up_entries`. A context variable, so the scorers deep in a reading see the reading's KB without
# it being handed down through each of them, and two readings in two threads never see each other's.
_TITLED_ENTRIES: ContextVar[TitledEntries | None] = ContextVar("titled_entries", default=None)


@contextmanager
def looking_up_entries(titled: TitledEntries | None) -> Iterator[None]:
    """Within the block, a name whose entry the evidence lacks is typed by the KB's entries under its title
    (`titled`; None: by the evidence alone)."""
    token = _TITLED_ENTRIES.set(titled)
    try:
        yield
    finally:
        _TITLED_ENTRIES.reset(token)


def titled_fit(span: str, kinds: frozenset[str]) -> float:
    """DEFINED_FIT when every entry the KB stores under the title `span` says it is one of `kinds`
    ("Mexico, United Mexican States: a republic in southern North America" for "which country"), else
    UNKNOWN_TYPE_FIT. The search found no entry of the name, so the lookup only confirms: a title shared by
    entities of other kinds ("Columbia": a town, a state capital and a river) or an entry of another kind
    leaves it unknown, as the line itself may mean any of them."""
    titled = _TITLED_ENTRIES.get()
    said = [words for words in map(kind_words, titled(span) if titled else ()) if words]
    return DEFINED_FIT if said and all(kinds & words for words in said) else UNKNOWN_TYPE_FIT


def _definition_words(text: str) -> list[str]:
    head_clause = _OTHER_NAMES.sub("", definition(text)).split(";")[0]  # "a major river; arises in …"
    return [w.strip(",()").lower() for w in head_clause.split()]


# ", also called the IBM ASCC," between a name and its copula: another name, not the definition.
_OTHER_NAMES = re.compile(r",\s*(?:also\s+(?:called|known\s+as)|or|formerly|officially)\s[^,;:]*,")


def defined_as_asked(shape: QuestionShape, span: str, line: EvidenceLine) -> bool:
    """Whether `line` is `span`'s own entry and its definition is what the question describes: at least
    DEFINITION_WORDS of the words of its first clause, and DEFINITION_SHARE of them, are the question's
    ("Apollo asteroid: an asteroid whose orbit crosses the Earth's orbit" for "what do astronomers call an
    asteroid whose orbit crosses the Earth's orbit?") in the sentence that asks — a question that names a
    thing by its definition — and it is of the kind asked, if one is."""
    names = entry_names(line.text)
    if not names or not same_entity(names[0], span):
        return False
    if shape.type_noun and not kinds_of(shape.type_noun) & kind_words(line.text):
        return False  # "on the shore of which lake does Ostland's capital stand": the capital is described
    defined = set(asked_words(definition(line.text).split(";")[0].lower(), ""))
    # the sentence that asks: an earlier one describes a bridge ("… a large zodiac constellation on the
    # equator. Leo is on one side of it — what's on the other?")
    asking = set(asked_words(asking_clause(shape.text.lower()), ""))
    shared = defined & asking
    # either the definition is restated, or a sentence asking for a kind is mostly the definition's words
    # ("which landlocked republic sits on the northeastern shore of the lake" — "a landlocked republic in
    # east central Africa on the northeastern shore of the lake"); not "what do the two dark patches in
    # this nebula look like", which asks about a part
    restated = min(len(defined), len(asking)) if shape.type_noun else len(defined)
    return len(shared) >= DEFINITION_WORDS and len(shared) >= DEFINITION_SHARE * restated


def is_entry_of(span: str, line: EvidenceLine) -> bool:
    """Whether `line` is an entry about `span` (by title or by the names it lists)."""
    return same_entity(line.title, span) or any(same_entity(n, span) for n in entry_names(line.text))


def definition_head(text: str) -> list[str]:
    """The words that say what an entry is: in a gloss ("Lima, …: the capital and largest city of
    …"), its definition up to the first preposition or clause break ([the, capital, and, largest,
    city]); in prose ("Ganymede, a moon of Jupiter, is the largest moon …"), the same after the copula."""
    return [word for head in definition_heads(text) for word in head]


def definition_heads(text: str) -> list[list[str]]:
    """The head of an entry's definition, then the head of each of its kind aliases, each on its own."""
    words = _definition_words(text)
    if not entry_names(text):
        copula = next((i for i, w in enumerate(words[:8]) if w in _COPULAS), None)
        # Prose that says no "X is a …" defines nothing; nor does a possessive subject ("Its outflow is
        # the Zeta River" says what the outflow is, not what the entry's entity is).
        possessive = bool(words) and words[0] in _POSSESSIVES
        words = words[copula + 1 :] if copula is not None and not possessive else []
    ranked = [_head(clause.split()) for clause in ranked_clauses(text)]
    return [_head(words)] + [_head(alias.lower().split()) for alias in kind_aliases(text)] + ranked


# "; the smallest province of Canada", "; second largest city of Greece": a later clause of a gloss that
# ranks the entry among things of another kind than its definition's first
_RANKED_CLAUSE = re.compile(
    rf"^(?:(?:the|a|an)\s+)?(?:(?:{_BELOW_TOP})[\s-]+)?(most\s+[a-z]+|[a-z]{{2,}}est)\s+[a-z]"
)


def ranked_clauses(text: str) -> list[str]:
    """The later clauses of an entry's definition that rank it as a kind (`_RANKED_CLAUSE`), lower-cased."""
    if not entry_names(text):
        return []
    clauses = [c.strip().lower() for c in definition(text).split(";")[1:]]
    matches = [(c, _RANKED_CLAUSE.match(c)) for c in clauses]
    return [c for c, m in matches if m and (m.group(1).startswith("most ") or is_superlative(m.group(1)))]


@functools.lru_cache(maxsize=2**14)  # `entry_fit` asks it of the same entries for every span of a reading
def kind_words(text: str) -> frozenset[str]:
    """The nouns that say what an entry is: the last word of each coordinated part of its definition
    head and of each kind alias ("the capital and largest city" → capital, city; "American computer
    scientist and rear admiral" → scientist, admiral — a scientist, not a computer). A kind the entry
    says it no longer is ("a geographical area and former kingdom") is not one of them. A plural head is
    also taken in the singular ("one of the four countries that make up …" → countries, country)."""
    coordinated = r"\s*(?:\band\b|\bor\b|,)\s*"
    parts = [part for head in definition_heads(text) for part in re.split(coordinated, " ".join(head))]
    heads = {_head_noun(part.split()) for part in parts if part.split() and "former" not in part.split()}
    return frozenset(heads | {singular(head) for head in heads})


def _head_noun(words: list[str]) -> str:
    """The last word of a noun phrase, past a trailing participle or number ("a planetary nebula shaped"
    → nebula, "scientist (1906-1992)" → scientist; but "a breed" keeps its one noun)."""
    nouns = [w for w in words if w not in _DETERMINERS and re.fullmatch(r"[a-z][a-z'-]*", w)]
    while len(nouns) > 1 and len(nouns[-1]) > 4 and nouns[-1].endswith(("ed", "ing")):
        nouns.pop()
    return nouns[-1] if nouns else words[-1]


def _head(words: Sequence[str]) -> list[str]:
    """The words up to the first preposition, clause word or participle clause ("a monarchy occupying the
    …", "a republic containing 50 …"; but "a string of islands" keeps its noun), within the first
    sentence."""
    head = []
    for word, following in zip(words, [*words[1:], ""], strict=False):  # "" follows the last word
        opens_object = following in _DETERMINERS or following.isdigit()
        participle = len(word) > 4 and word.endswith("ing") and opens_object
        if (word in _HEAD_ENDS and not _partitive(word, head)) or participle:
            break
        head.append(word.rstrip("."))
        if word.endswith("."):
            break
    return head


def _partitive(word: str, head: Sequence[str]) -> bool:
    """Whether `word` is the "of" of a partitive whose noun follows it: "the largest of Jupiter's
    satellites", "one of the Galilean moons", "the central and largest of the main islands" — the words
    before "of" end in a rank, with no noun of their own."""
    return (
        word == "of"
        and bool(head)
        and len(head) <= MAX_PARTITIVE_WORDS
        and (head[-1] == "one" or is_superlative(head[-1]) or bool(_RANKED.match(head[-1])))
    )


def kind_aliases(text: str) -> list[str]:
    """The names of an entry that say what it is ("Lhasa, capital of Tibet: …" → ["capital of Tibet"])."""
    return [n for n in entry_names(text)[1:] if n[:1].islower()]


def person_fit(shape: QuestionShape, span: str, line: EvidenceLine, lines: Sequence[EvidenceLine]) -> float:
    """People: named after "by" — most of all after the question's own verb ("who rescued …" —
    "rescued by Perseus", not "sent by Poseidon"; "who slew him" — "slain by Artemis") — or with a
    life range or occupation in their own entry, or full names."""
    if span in closed_by_question(shape, line.text):
        return (
            ALIGNED_FIT  # "whom did Perseus save from a sea monster" — "rescued Andromeda from a sea monster"
        )
    verb = agent_verb(span, line.text)
    if verb:
        return ASKED_VERB_AGENT_FIT if is_asked_verb(shape, verb) else 1.0
    if _PEOPLES.fullmatch(span):  # a people answers "who are/were …", a plural question
        return (
            1.0 if re.match(r"(?:.*[.?!]\s+)?who\s+(?:are|were)\b", shape.text.lower()) else UNKNOWN_TYPE_FIT
        )
    spouse = _SPOUSE_ASKED.search(shape.text)
    if spouse and re.search(rf"\b{_SPOUSES[spouse.group(1).lower()]}\s+of\s+{re.escape(span)}\b", line.text):
        return ASKED_VERB_AGENT_FIT  # "who was the husband of Rhea" — "Rhea: … wife of Cronus"
    parent = _PARENT_ASKED.search(shape.text)
    if parent and re.search(rf"\b{_CHILD_OF}{re.escape(span)}\b", line.text):
        # "whose daughter was she", "who was her father" — "daughter of Erebus"; of a father and a mother
        # named in turn ("son of Zeus and Leto"), the first is no mother
        father_first = re.search(rf"\b{_CHILD_OF}{re.escape(span)}\s+and\s+[A-Z]", line.text)
        return OTHER_KIND_FIT if father_first and parent.group().lower() == "mother" else ASKED_VERB_AGENT_FIT
    own = [other for other in lines if is_entry_of(span, other)]
    role = asked_role(shape)
    if role and any(re.search(rf"\b{re.escape(role)}\b", definition(other.text).lower()) for other in own):
        return ALIGNED_FIT  # "who was the last king of the realm shown" — "Croesus: last king of Lydia"
    words = span.lower().split()
    if words[-1] in _EVENT_HEADS or words[0] in _EVENT_HEADS and "of" in words:
        return OTHER_KIND_FIT  # "Trojan War", "War of the Roses (1455-1485)": an event, whatever its dates
    if any(_LIFE_GIVEN.search(other.text) for other in own):
        return 0.9
    return 0.6 if len(span.split()) >= 2 else UNKNOWN_TYPE_FIT


_EVENT_HEADS = word_set("war wars revolution battle rebellion uprising crusade treaty expedition")


def asked_role(shape: QuestionShape) -> str:
    """The role a "who was the <role> of …" question asks ("last king"), lower-case; "" for another."""
    role = shape.bridge.lower() if shape.bridge else ""
    asking = asking_clause(shape.text.lower())
    return (
        role if role and re.match(rf"who\s+(?:is|was|are|were)\s+the\s+{re.escape(role)}\b", asking) else ""
    )


_LIFE_GIVEN = re.compile(r"\(\d{3,4}\s*[-–]\s*\d{3,4}\)|\bborn\b|\(died\b")  # a person's entry


def agent_verb(span: str, text: str) -> str:
    """The participle `span` is the agent of in `text` ("governed by Veldia" → "governed", "connected to
    Tarn by the Isthmus of Zell" → "connected"), or the side it bounds ("to the east by the Indian Ocean"
    → "east"), else ""."""
    between = r"(?:(?:to|with|from|into|in|on)\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){1,3})?"  # "to South America"
    agent = re.search(rf"\b([a-z][\w-]*)\s+{between}by\s+(?:the\s+)?{re.escape(span)}\b", text)
    return PARTICIPLES.get(agent.group(1).lower(), agent.group(1).lower()) if agent else ""


_BARE_WHICH = re.compile(r"(?:which|what)(?:\s+([a-z]+))?\W*")


def is_asked_verb(shape: QuestionShape, verb: str) -> bool:
    """Whether `verb` is the question's own verb, in any form ("slain" for "slew", "governed" for
    "governs")."""
    # the asking sentence's words, not a scene sentence's verb; all of them, even where the description of a
    # bridge runs on into it ("… named after a princess who was chained to a rock. Who rescued her?")
    lower = shape.text.lower()
    clause = asking_clause(lower)
    bare = _BARE_WHICH.fullmatch(clause)
    kind = (bare.group(1) if bare and bare.group(1) != "one" else shape.type_noun) if bare else None
    # "… was slain by a goddess. Which goddess?", "… Which one?": a bare "which <kind>" asks who did what
    # the sentence before says was done by one of that kind (not "… struck coins … is named after a goddess")
    done_by = (
        re.search(rf"\b([a-z]+)\s+by\s+(?:an?|one|some)\s+(?:[a-z-]+\s+)?{kind}\b", lower) if kind else None
    )
    asking = [done_by.group(1)] if done_by else asked_words(clause, shape.reference)
    return names_verb(verb, asking)


def names_verb(verb: str, words: Sequence[str]) -> bool:
    """Whether one of the question's `words` is `verb` in another form ("slew" for "slain") or a word of
    the same relation ("founded" for "established")."""
    return any(same_stem(verb, PARTICIPLES.get(w, w)) or verb.startswith(same_relation(w)) for w in words)


_LAST_WH = re.compile(r"\b(?:which|what)\b(?!.*\b(?:which|what)\b)")


def asks_object_of(shape: QuestionShape, verb: str) -> bool:
    """Whether the question asks what its `verb` was done to, its wh-phrase set after the verb ("the
    emperor who began this arena founded which dynasty?"), so the verb's doer ("established by Augustus")
    is not asked."""
    clause = asking_clause(shape.text.lower())
    wh = _LAST_WH.search(clause)
    before = _TOKEN.findall(clause[: wh.start()]) if wh else []
    return names_verb(verb, before)


def nearness(shape: QuestionShape, span: str, text: str, words: Sequence[str] | None = None) -> float:
    """A bonus for spans close to a question word (matched by stem) within the same clause; the words
    are what is asked (`shape.asked`) unless given."""
    focus = [
        w
        for w in (shape.asked if words is None else words)
        if not same_stem(w, shape.type_noun or "") and len(w) > 2
    ]
    if not focus:
        return 0.0
    best = None
    for clause in re.split(r"[;]", text):
        tokens = _count_tokens(clause) if span.isdigit() else [t.lower() for t in _TOKEN.findall(clause)]
        span_tokens = [t.lower() for t in _TOKEN.findall(span)]
        for at in _occurrences(tokens, span_tokens):  # each mention: "Carina Nebula: … constellation Carina"
            inside = range(at, at + len(span_tokens))
            for i, token in enumerate(tokens):
                if i not in inside and any(same_stem(token, w) for w in focus):
                    distance = min(abs(i - at), abs(i - (at + len(span_tokens) - 1)))
                    best = distance if best is None else min(best, distance)
    return 0.0 if best is None else NEAR_BONUS / (1.0 + best / 3.0)


def counted_noun(question: str) -> str:
    """The noun a count question counts: "how many main isles are there" → "isles"; for a bare "How many?",
    the plural that ends the sentence before ("… had to finish a set of labours. How many?" → "labours");
    "" for none."""
    lower = question.lower()
    match = _TIMES_AS.search(lower) or _COUNTED.search(lower) or _COUNTED_PLURAL.search(lower)
    match = match or _COUNTED_BEFORE.search(lower)
    words = match.group(1).split() if match else []
    return words[-1] if words else ""


def counts(span: str, noun: str, text: str) -> bool:
    """Whether the number `span` counts `noun` in `text` ("the three main isles" counts isles, "last
    erupted in 1802" counts nothing); any number counts when the question names no noun."""
    if not noun:
        return True
    tokens = _count_tokens(text)
    return any(
        any(same_stem(token, noun) for token in tokens[at + 1 : at + 1 + COUNT_WINDOW])
        for at in _occurrences(tokens, [span])
    )


def _count_tokens(text: str) -> list[str]:
    """Lower-case words with compounds split and number words as digits, so that a count stands next to
    what it counts: "three-toed" → 3, toed; "divide into three lobes" → …, 3, lobes."""
    parts = [part for token in _COUNT_TOKEN.findall(text.lower()) for part in token.split("-") if part]
    return [str(NUMBER_WORDS[part]) if part in NUMBER_WORDS else part for part in parts]


def _occurrences(tokens: list[str], span: list[str]) -> list[int]:
    return [i for i in range(len(tokens) - len(span) + 1) if tokens[i : i + len(span)] == span]


def same_stem(word: str, other: str) -> bool:
    """Crude stemming: "humped" ~ "humps", "toed" ~ "toes", "painted" ~ "painter" (equal without an
    inflection ending, or sharing 4-5 first letters), spelt either side of the Atlantic ("labours" ~
    "labors")."""
    word, other = _BRITISH_OUR.sub("or", word), _BRITISH_OUR.sub("or", other)
    if word == other or (len(word) > 2 and _stem(word) == _stem(other)):
        return True
    size = min(len(word), len(other))
    return size >= 4 and word[: max(4, min(5, size))] == other[: max(4, min(5, size))]


def _stem(word: str) -> str:
    return re.sub(r"(?:ing|ed|es|s)$", "", word) or word
