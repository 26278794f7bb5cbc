"""Regenerate the word lists of every length but five, data/english-4/ ... data/english-11/, and the offensive
words of every length, data/offensive.txt.

Usage: apt-get install scowl && npm install --no-save cuss@2.2.0 && pip install '.[data]' &&
python scripts/length_lists.py [--dict FOLDER] [--copyright FILE] [--cuss FOLDER] [--out FOLDER]
Reads SCOWL's word lists as Debian packages them (`apt-get install scowl` puts them in
/usr/share/dict/scowl; --dict names another folder holding a scowl/), each list a kind of word
(words, names, abbreviations; American, British or variant spelling) and a size (10 the commonest,
95 the rarest). The accepted guesses are its words up to size 80 in every spelling, as wamerican-huge and
wbritish-huge hold them: almost every five-letter one is an NYT guess. The answers are the
commonest words (by wordfreq) of size 35 or less in American spelling, words found in nearly every
dictionary, less those the NYT's editor does not pick. SCOWL's copyright notice, which every copy
must carry, is copied beside them. The offensive words, accepted as guesses where a list holds them
but never a possible answer, are judged from cuss (Titus Wormer's map of English profanities,
slurs and obscenities to how surely each is one; MIT, from npm: --cuss names the package's folder),
whose notice is copied beside them too. The same files and wordfreq give the same lists.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path

from wordle_tui.core.rules.words import ENGLISH_LENGTHS, LENGTHS, OFFENSIVE_FILE, data_dir

DICT = Path("/usr/share/dict")
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
CUSS = Path("node_modules/cuss")  # where `npm install --no-save cuss@2.2.0` puts it
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
AMERICAN = ("english", "american")  # the words of every spelling, and the American ones
VARIANTS = ("variant_1", "variant_2")  # other spellings (IKON, TABU) and plurals (FORA, SOLI)
BRITISH = ("british", "british_variant_1", "british_variant_2")
GUESSES = (AMERICAN + VARIANTS + BRITISH, 80)
ANSWERS = (AMERICAN, 35)  # in at least 11 of 12 dictionaries
WORDS = (AMERICAN + VARIANTS, 50)  # what counts as a shorter word for the rules below
KNOWN = (AMERICAN + VARIANTS + BRITISH, 95)  # every word SCOWL knows: the offensive words judged among them

# The answers of each length: the commonest curated words, no more than these, and none rarer than
# FAMILIAR on wordfreq's Zipf scale (once in 10 million words). Fewer for longer words, since
# fewer long words are common; four letters have fewer common words than the cap.
MOST_ANSWERS = {4: 2500, 6: 2500, 7: 2500, 8: 2000, 9: 1500, 10: 1200, 11: 1000}
FAMILIAR = 2.0

# Words no list holds: slurs in every sense they have.
SLURS = frozenset(
    """
    boong boongs dago dagos darkie darkies darky golliwog golliwogs gook gooks halfbreed hebe hebes honkies
    honky jap japs kike kikes kraut krauts lesbo lesbos nigga niggas niggaz nigger niggers pickaninnies
    pickaninny poofter poofters redskin redskins spaz spic spick spicks spics squaw squaws trannies tranny
    wetback wetbacks wog wogs wop wops yid yids
    """.split()  # noqa: SIM905 - words read as text
)

# Words that are never the answer, though accepted as guesses, as the NYT's editor chooses: no
# obscenity or vulgar slang, no sexual act or organ, no slur or insult aimed at people for what
# they are (in any of its senses), none of the words the NYT took off its list in 2022 as
# insensitive nor their kin, and no word for a mass killing, suicide or abortion, which the NYT
# keeps out of a game (it changed a day's answer in 2022 for that).
OFFENSIVE = SLURS | frozenset(
    """
    abortion anal anus bastard bitching bondage bugger chink chinks clitoris cock condom coolie coolies coon
    coons crap cripple crotch cumming cums damn dogging dyke dykes ejaculate ejaculating ejaculation enslave
    erection fag faggot faggots fags fingering fondle foreskin fornication genital genocide gringo gypped
    gypsies gypsy hell holocaust homo homos humping imbecile incest incestuous intercourse jackass lynch
    lynching midget molest molesting mongoloid muff mulatto nipple octoroon orgasm orgy oriental pornography
    promiscuity promiscuous prostitute puss quadroon rape raping rapist rectal rectum redneck retard retarded
    rimming sambo screwing shylock slave slavery slut smut sodomy spastic stripper suicidal suicide testicle
    testis vagina vaginal wench
    """.split()  # noqa: SIM905 - words read as text
)

# The offensive words (data/offensive.txt) are never a possible answer, though accepted as guesses where a list
# holds them: a word is offensive when its usual sense is an obscenity, vulgar slang for sex, the body or its
# waste, a curse, or a slur on people for their race, people, religion, sex, sexuality or disability. They are
# the words cuss rates 2 (likely a profanity) but those judged ordinary below, those it rates 1 (maybe) that are
# judged offensive below, their forms and compounds that cuss lacks (ALSO_OFFENSIVE), the SLURS above, and the
# words the NYT took off its lists in February 2022; cuss's words are judged among those SCOWL knows or a preset
# holds (the rest are compounds no list holds).
# Rated 2 but ordinary in their usual sense: an everyday word cuss flags for one sense of it (BOOTY, COCKY,
# FLANGE, KUMQUAT, NIGGLE), a mild insult (IDIOT, MORON, LOSER), a mild exclamation (GEEZ), a childish word
# (POOP), a plain or clinical word (VOMIT, FAECES, SODOMY), or a nickname of a nation or region (LIMEY, YANK,
# HILLBILLY). Every word of the NYT's answer lists is among them: its editor picked them.
CUSS_ORDINARY = frozenset(
    """
    asses barf beanbag beanbags bluegum bluegums bogan bong boner booby boonies booty bung bunghole butthead chug
    chugs chunky clansman clansmen clanswoman clanswomen cockfight cocky commie coondog cornhole cumquat dammit
    damnit diddle
    dink dinks dipstick dong doodoo dope dumb faeces fagging fatso fellatio flange fubar gables gangbanger gangsta
    geez geezer gooky gora goras greaser greasers gringo gringos gypsies gypsy hadji hadjis haji hajis hajji hajjis
    haole haoles hillbillies hillbilly hindoo hitlerism hobo hoes honkers hooker hookers hooters horniest hoser
    hussy idiot jackass jeez jigger jiggers jiggy jigs kimchis klansman kumquat limey limy looser loser lowlife
    mams masturbate moron moslem muff muncher mzungu mzungus niggard niggarded niggarding niggards niggle niggled
    niggles niggling nigglings nudger pansies pansy perv piker pimp pimped pollock pollocks pommie pommies pommy
    poms poof poop pooping prick puke puss quickie redleg redlegs redneck rednecks reefer rigger scallywag seppo
    sexed sexing sexpot sissy slapper slave slimeball sloper slopers slopy smut sodomise sodomize sodomy sooty
    spit spitter splittail spreadeagle spunk spunky squinty stringer stupid sucker swallower tang teste tinker
    tinkers triplex tuckahoe turnon twinkie vomit weenie weewee welcher welfare whacker whities whiz whop willie
    wuss yank yanks
    """.split()  # noqa: SIM905 - words read as text
)
# Rated 1 but offensive in their usual sense (where COCK, NUDE, QUEER, SCREW and the clinical words stay).
CUSS_OFFENSIVE = frozenset(
    """
    bitch bitches boobs clit dick dildo dyke fart farted farting kraut porn porno pussy shit stiffy tits turd
    """.split()  # noqa: SIM905 - words read as text
)
# Forms and compounds of offensive words that cuss lacks, as SCOWL or a preset holds them (CRAPS, the game of dice,
# DICKER, to haggle, SPICY, SHATTER, SHITTIM, the tree, and FAGGOTING, the needlework, are no such forms).
ALSO_OFFENSIVE = frozenset(
    """
    apeshit arsed arseholes arses arsey bewhore bitched bitcheries bitchery bitchier bitchiest bitchily bitchiness
    blowjobs bohunks bollocked bollocking bollockings bollocksed bollockses bollocksing buggeries buggering
    buggers bulldykes bullshits bullshitted bullshitter chickenshit clits cocksuckers crapolas crapped crappers
    crappier crappiest crappiness crapping cummers cunts dagoes dicked dickheads dicking dicks dildoe dildoes dildos
    dipshits dumbasses faggier faggiest faggots faggoty fagots farts fistfucks fuckfaces fuckheads fuckings
    fuckoffs fuckup fuckups fuglier fugliest gangbanging gangbangs ginzoes gobshite gobshites goddamning goddamns
    golliwogg golliwoggs gollywog gollywogs horseshits jisms jizzes kaffirs kafirs lezzes lezzies lezzy lubras
    milfs mindfuck mindfucked mindfucking mindfucks mulattoes mulattos munts negresses negrodom negroids negroish
    negroism negroisms niggerdom niggerdoms niggered niggerheads niggering niggerish niggerism niggerisms
    niggerling niggerlings niggery nookies outbitch outbitched outbitches outbitching peckerwoods picaninnies
    pissant pissants pissers pissheads pisspot pisspots pissy poons poontangs pornier porniest pornos porns porny
    quashies quims rapers ratshit retards sheeneys shiksas shitheads shitkicker shitkickers shitless shitlists
    shitload shitloads shittier shittiest shittiness shitwork shylocked shylocking skanks slutteries sluttery
    sluttier sluttiest sluttish sluttishly spazes spazzed spazzing stiffies superbitch tossers towelheads turds
    twats twinks wanked wankers wankier wankiest wanks wanky whored whoredom whoredoms whorehouses whoreish
    whoremaster whoremonger whores whoreson whoresons
    """.split()  # noqa: SIM905 - words read as text
)
CUSS_ENTRY = re.compile(r"^\s+'?([^':]+)'?: ([012]),?$")  # a line of cuss's index.js: `  word: 2,`

VOWELS = frozenset("aeiouy")


def entries(path: Path) -> set[str]:
    """The words of a SCOWL list: lower-case entries, no possessives, accents dropped (CAFE, as the NYT spells it)."""
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if entry.islower() and "'" not in entry:
            word = unicodedata.normalize("NFKD", entry).encode("ascii", "ignore").decode()
            if word.isalpha() and word.isascii():
                words.add(word)
    return words


def scowl_words(folder: Path, kinds: tuple[str, ...], size: int) -> set[str]:
    """The words of these kinds up to this size (SCOWL has no list of some kinds at some sizes)."""
    paths = [folder / f"{kind}-words.{each}" for kind in kinds for each in SIZES if each <= size]
    return set().union(*(entries(path) for path in paths if path.exists()))


def is_plural(word: str, words: set[str]) -> bool:
    """An -s or -es form of a shorter word (CARS, GOES, BOXES, QUIZZES, CITIES, WOLVES, KNIVES, CRISES,
    INDICES), which the NYT never picks; GLASS, BONUS and CHAOS are words of their own."""
    if not word.endswith("s") or word.endswith("ss"):
        return False
    base, stem = word[:-2], word[:-3]  # QUIZZ and QUIZ of QUIZZES
    stems = [word[:-1]]
    if word.endswith("es"):
        stems += [base, stem if base[-1] == base[-2] else ""]
    if word.endswith("ies"):
        stems.append(stem + "y")
    if word.endswith("ves"):
        stems += [stem + "f", stem + "fe"]
    if word.endswith("ses"):
        stems.append(stem + "sis")
    if word.endswith("ices"):
        stems += [stem[:-1] + "ex", stem[:-1] + "ix"]
    return any(len(each) >= 2 and each in words for each in stems)


def is_past(word: str, words: set[str]) -> bool:
    """An -ed form of a shorter word (ACTED, BAKED, STOPPED, CARRIED), which the NYT rarely picks.
    A word in -e takes a d only if a vowel comes before its e and it is no three-letter word in -ee:
    SHED is not SHE in the past, nor SEED SEE."""
    if not word.endswith("ed"):
        return False
    base, with_e = word[:-2], word[:-1]
    added = len(base) >= 3 and base in words
    doubled = len(base) > 3 and base[-1] == base[-2] and base[:-1] in words
    takes_d = with_e in words and not VOWELS.isdisjoint(with_e[:-1]) and not (len(with_e) == 3 and with_e[1] == "e")
    carried = word.endswith("ied") and word[:-3] + "y" in words
    return added or doubled or takes_d or carried


def by_length(words: Iterable[str]) -> dict[int, list[str]]:
    """The words of each length the lists are made for, in alphabetical order."""
    lists: dict[int, list[str]] = {length: [] for length in ENGLISH_LENGTHS}
    for word in sorted(words):
        if len(word) in lists:
            lists[len(word)].append(word)
    return lists


def choose_answers(candidates: list[str], words: set[str], zipf: Callable[[str], float], most: int) -> list[str]:
    """The commonest candidates the NYT's editor could pick, at most `most`, alphabetically."""
    kept = [word for word in candidates if not (word in OFFENSIVE or is_plural(word, words) or is_past(word, words))]
    frequency = {word: zipf(word) for word in kept}
    ranked = sorted((word for word in kept if frequency[word] >= FAMILIAR), key=lambda word: (-frequency[word], word))
    return sorted(ranked[:most])


def make_lists(scowl: Path, zipf: Callable[[str], float]) -> dict[int, tuple[list[str], list[str]]]:
    """(answers, guesses) of each length, from SCOWL's lists in the folder `scowl`."""
    guesses = scowl_words(scowl, *GUESSES) - SLURS
    words = scowl_words(scowl, *WORDS)
    common = by_length(scowl_words(scowl, *ANSWERS) & guesses)
    return {
        length: (choose_answers(common[length], words, zipf, MOST_ANSWERS[length]), accepted)
        for length, accepted in by_length(guesses).items()
    }


def cuss_ratings(folder: Path) -> dict[str, int]:
    """cuss's English words (a-z only) and how surely each is a profanity, 0 to 2, from its index.js."""
    ratings = {}
    for line in (folder / "index.js").read_text(encoding="utf-8").splitlines():
        if (entry := CUSS_ENTRY.match(line)) and entry[1].isascii() and entry[1].isalpha():
            ratings[entry[1]] = int(entry[2])
    return ratings


NYT_PRESETS = ("nyt", "nyt2022", "original")


def shipped_words(preset: str, kind: str = "") -> set[str]:
    """The words of a preset as it ships: its answers, its guesses, or both (kind "")."""
    kinds = [kind] if kind else ["answers", "guesses"]
    return set().union(*((data_dir() / preset / f"{each}.txt").read_text(encoding="utf-8").split() for each in kinds))


def nyt_removed() -> set[str]:
    """The words the NYT took off its lists in February 2022, every one a slur or an obscenity: the original
    game's words that its 2022 lists lack."""
    return shipped_words("original") - shipped_words("nyt2022")


def offensive_words(ratings: dict[str, int], known: set[str]) -> list[str]:
    """The offensive words of the lengths the lists hold, alphabetically (see CUSS_ORDINARY)."""
    judged = {
        word
        for word, rating in ratings.items()
        if (rating == 2 and word not in CUSS_ORDINARY) or (rating == 1 and word in CUSS_OFFENSIVE)
    }
    words = (judged & known) | ALSO_OFFENSIVE | SLURS | nyt_removed()
    return sorted(word for word in words if len(word) in LENGTHS)


def write_lists(
    out: Path, lists: dict[int, tuple[list[str], list[str]]], notice: str, offensive: list[str], cuss_notice: str
) -> None:
    for length, (answers, guesses) in lists.items():
        folder = out / f"english-{length}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "answers.txt").write_text("".join(f"{word}\n" for word in answers), encoding="utf-8")
        (folder / "guesses.txt").write_text("".join(f"{word}\n" for word in guesses), encoding="utf-8")
    (out / "english-LICENSE.txt").write_text(notice, encoding="utf-8")
    (out / OFFENSIVE_FILE).write_text("".join(f"{word}\n" for word in offensive), encoding="utf-8")
    (out / "offensive-LICENSE.txt").write_text(cuss_notice, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", type=Path, default=DICT, help=f"the folder holding scowl/ (default {DICT})")
    parser.add_argument("--copyright", type=Path, default=COPYRIGHT, help=f"SCOWL's notice (default {COPYRIGHT})")
    parser.add_argument("--cuss", type=Path, default=CUSS, help=f"cuss's npm package (default {CUSS})")
    parser.add_argument("--out", type=Path, default=data_dir(), help="where the lists go (default: the data folder)")
    args = parser.parse_args(argv)
    scowl = args.dict / "scowl"
    missing = next((str(path) for path in (scowl, args.copyright) if not path.exists()), None)
    if missing:
        print(f"{missing} is missing: the lists are made from Debian's scowl package (apt-get install scowl).")
        return 1
    if not (args.cuss / "index.js").is_file():
        print(f"{args.cuss / 'index.js'} is missing: the offensive words are judged from cuss (npm i cuss@2.2.0).")
        return 1
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        print("The answers are ranked with wordfreq: pip install '.[data]' first.")
        return 1
    lists = make_lists(scowl, lambda word: zipf_frequency(word, "en"))
    known = scowl_words(scowl, *KNOWN).union(*map(shipped_words, NYT_PRESETS))
    offensive = offensive_words(cuss_ratings(args.cuss), known)
    listed = set().union(*(shipped_words(name, "answers") for name in NYT_PRESETS), *(a for a, _ in lists.values()))
    if clash := sorted(listed.intersection(offensive)):
        print(f"Words of the answer lists would be offensive: {', '.join(clash)}; judge them (CUSS_ORDINARY).")
        return 1
    cuss_notice = (args.cuss / "license").read_text(encoding="utf-8")
    write_lists(args.out, lists, args.copyright.read_text(encoding="utf-8"), offensive, cuss_notice)
    for length, (answers, guesses) in lists.items():
        print(f"english-{length}: {len(answers):,} answers, {len(guesses):,} guesses")
    print(f"{len(offensive):,} offensive words, never a possible answer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
