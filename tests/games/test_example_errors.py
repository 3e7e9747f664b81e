"""What every game's worked examples promise, each promise one test parametrised over the
games and their cases: the examples a rulebook needs are there; a made-up example that
the game's rules cannot play is refused when it is replayed, naming the example, the
step or part (setup, expect) and why; one that is malformed is refused when it is read,
naming the field.

What only one game's examples show (its replays' numbers, its data's part in them) is
tested in its folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit import games
from printkit.errors import DataErrors, ExampleError
from printkit.examples import Example, load_examples
from tests.support import made_up_example, write_examples


@dataclass(frozen=True)
class MadeUp:
    """A made-up example of a game: its steps, setup, expectations and rules as TOML."""

    game: str
    steps: str
    setup: str = "{}"
    expect: str = "{}"
    rules: str = "{}"
    id: str = "made-up"

    def load(self, tmp_path: Path) -> list[Example]:
        """The example read as the game reads its examples file."""
        path = write_examples(tmp_path, made_up_example(self.steps, self.setup, self.expect,
                                                        self.rules, self.id))
        return load_examples(path, self.game, games.get(self.game).example_schema)


def case(name: str, example: MadeUp, message: str) -> object:
    """A test case: a made-up example and a regular expression of what its refusal says."""
    return pytest.param(example, message, id=f"{example.game}-{name}")


#: The examples each rulebook shows (by id), which the examples file must hold.
REQUIRED = {
    "polar-derby": {
        "split-colours",                    # GAMES.md example 1
        "doubles-two-from-one",             # example 2, two from one opponent
        "doubles-one-from-each",            # example 2, one each from two
        "free-skate-as-another-colour",     # example 3, as a split
        "free-skate-as-doubles",            # example 3, stealing two pinks
        "bust-returns-pulled-bears",        # example 4, the corrected turn
        "double-free-skate",
        "steal-blocked-already-pulled",
        "no-risk-bust",
        "tie-more-bears-wins",
        "younger-players-score",
        "game-ends-when-middle-empties",
    },
    "yeti-slalom": {
        "crocodile-captain-scores",     # GAMES.md example 1
        "best-roll-counts",             # GAMES.md example 2
        "green-throw-reach",
        "red-throw-reach",
        "own-snowboarder-stays",
        "strict-exact-symbol",
        "sideways-ban",
        "fifth-finisher-face-value",
        "deal-three-players",
    },
    "pick-a-polar-bear": {
        "bonus-round-glasses-and-arm-raised",   # the worked example of GAMES.md
        "valid-chain",
        "two-differences-break-the-chain",
        "freeze-right",
        "freeze-wrong",
        "hold-card-to-the-leader",
        "hold-card-tie",
        "wrong-answer-costs-two-cards",
        "wrong-answer-minus-card",              # -2 card, then turned to -4
        "solo-round-solved",
    },
}

CORAZ, POLAR, YETI, PICK = ("coraz-blizej-swieta", "polar-derby", "yeti-slalom",
                            "pick-a-polar-bear")
#: Where a made-up example of Coraz bliżej Święta… starts unless it says otherwise.
FIELD_5 = "{ field = 5, dice = 2 }"
#: Pick-a-Polar Bear: two captains and one card on the table.
ONE_CARD = '{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTW"] }'
#: Yeti Slalom: the last snowboarder one move from the finish, every other one finished
#: or held.
LAST_MOVE = ('{ current = "kangaroos", positions = [{ team = "kangaroos", value = 1, '
             'at = [6, 2] }], finish = [{ team = "crocodiles", value = 2 }, '
             '{ team = "beavers", value = 4 }, { team = "kangaroos", value = 4 }, '
             '{ team = "kangaroos", value = 2 }], late = [{ team = "beavers", value = 2 }], '
             'held = [{ team = "beavers", value = 1, by = "crocodiles" }, '
             '{ team = "beavers", value = 3, by = "crocodiles" }, '
             '{ team = "kangaroos", value = 3, by = "crocodiles" }, '
             '{ team = "crocodiles", value = 4, by = "beavers" }, '
             '{ team = "crocodiles", value = 1, by = "kangaroos" }, '
             '{ team = "crocodiles", value = 3, by = "kangaroos" }] }')

#: Made-up examples the rules cannot play, and what their replay says (a regular
#: expression; ``^…$``: the whole message).
REFUSED = [
    # an illegal step: the example, the step, the action, the turn and why
    case("illegal-step", MadeUp(POLAR, '[ { roll = ["white", "green"], take = ["white"] }, '
                                       '{ roll = ["white", "white"], steal = [[1, "white"]] } ]',
                                setup="{ secured = [{}, { white = 2 }] }", id="doubles"),
         r"^example polar-derby/doubles: step 2: illegal action 'steal white from player 1' "
         r"in turn 1: white was already pulled this turn$"),
    case("illegal-step", MadeUp(YETI, "[ { move = 2, to = [3, 4] } ]", id="sideways",
                                setup='{ positions = [{ team = "beavers", value = 2, '
                                      'at = [3, 3] }, { team = "crocodiles", value = 1, '
                                      'at = [3, 4] }] }'),
         r"^example yeti-slalom/sideways: step 1: illegal action 'move beavers 2 to \[3, 4\]' "
         r"in turn 1: \[3, 4\] is taken by crocodiles 1$"),
    case("illegal-step", MadeUp(CORAZ, "[ { roll = [3, 4] }, { roll = [1, 2, 3] } ]",
                                setup=FIELD_5, id="too-many-faces"),
         r"^example coraz-blizej-swieta/too-many-faces:.*step 2.*rolled 3 faces \[1, 2, 3\], "
         r"but the player rolls 2 dice"),
    case("roll-without-a-take", MadeUp(POLAR, '[ { roll = ["green", "blue"] } ]',
                                       id="no-take"),
         r"^example polar-derby/no-take: step 1: illegal action 'roll green \+ blue'.*must "
         r"take at least"),
    case("stop-before-rolling", MadeUp(POLAR, "[ { stop = true } ]", id="early-stop"),
         r"^example polar-derby/early-stop: step 1: .*not rolled yet"),
    case("changes-off-wigilia", MadeUp(CORAZ, "[ { roll = [3, 4], changes = [[0, 6]] } ]",
                                       setup=FIELD_5, id="early"),
         r"^example coraz-blizej-swieta/early: step 1 .*only for a pawn on Wigilia"),
    case("no-such-card", MadeUp(PICK, '[ { player = 0, take = "SRGTW" } ]', setup=ONE_CARD),
         r"made-up: step 1: take: no SRGTW lies on the table"),
    case("solo-chain-breaks", MadeUp(PICK, '[ { chain = ["BRGTA", "SDNNW"] } ]',
                                     setup='{ solo_grid = ["BRGTA", "SDNNW"] }'),
         r"made-up: step 1: the solo chain breaks at step 1"),
    # a step for someone else
    case("wrong-player", MadeUp(POLAR, '[ { player = 1, roll = ["green", "blue"], '
                                       'take = ["blue"] } ]', id="wrong-player"),
         r"wrong-player: step 1: the step is for player 1, but it is player 0's turn"),
    case("wrong-player", MadeUp(YETI, '[ { player = "kangaroos", pass = true } ]', id="wrong"),
         r"wrong: step 1: the step is for the kangaroos, but it is the beavers' captain's turn"),
    case("no-such-player", MadeUp(PICK, '[ { player = 3, take = "BRGTW" } ]', setup=ONE_CARD),
         r"made-up: step 1: there is no player 3"),
    # a step after the game is over
    case("after-the-end", MadeUp(POLAR, '[ { roll = ["orange", "blue"], take = ["orange", '
                                        '"blue"] }, { stop = true }, '
                                        '{ roll = ["white", "white"] } ]',
                                 setup="{ secured = [{ white = 5, blue = 2, green = 5, "
                                       "pink = 2 }, { blue = 2, pink = 3, orange = 4 }] }",
                                 id="too-long"),
         r"too-long: step 3: the game is already over"),
    case("after-the-end", MadeUp(YETI, "[ { move = 1, finish = true }, { pass = true } ]",
                                 setup=LAST_MOVE, id="too-long"),
         r"too-long: step 2: the game is already over"),
    case("after-the-end", MadeUp(CORAZ, "[ { face = 4 }, { face = 4 } ]",
                                 rules="{ tydzien = true }", setup="{ field = 24, cards = 3 }",
                                 id="too-long"),
         r"too-long: step 2 .*the game is already over"),
    # a name the game does not know, with the names it does
    case("unknown-colour", MadeUp(POLAR, '[ { roll = ["green", "blue"], take = ["purple"] } ]',
                                  id="purple-bear"),
         r"^example polar-derby/purple-bear: step 1: take: unknown colour 'purple'; valid: "
         r"white, blue, green, pink, orange$"),
    case("unknown-face", MadeUp(POLAR, '[ { roll = ["green", "wild"] } ]', id="wild"),
         r"wild: step 1: roll: unknown die face 'wild'; valid: .*orange, free-skate$"),
    case("unknown-colour-in-setup", MadeUp(POLAR, "[ { stop = true } ]",
                                           setup='{ pulled = ["gold"] }'),
         r"setup.pulled: unknown colour 'gold'"),
    case("unknown-colour-in-expect", MadeUp(POLAR, '[ { roll = ["green", "blue"], '
                                                   'take = ["green"] } ]',
                                            expect="{ middle = { gold = 1 } }"),
         r"expect.middle: unknown colour 'gold'"),
    case("unknown-team", MadeUp(YETI, "[ { pass = true } ]", id="pandas",
                                setup='{ positions = [{ team = "pandas", value = 1, '
                                      'at = [1, 1] }] }'),
         r"^example yeti-slalom/pandas: setup.positions\[0\]: unknown team 'pandas'; valid: "
         r"beavers, crocodiles, kangaroos, rhinos, giraffes$"),
    case("unknown-yeti", MadeUp(YETI, '[ { yeti = "hungry", colour = "red", rolls = [3] } ]',
                                id="hungry"),
         r"hungry: step 1: yeti: unknown yeti 'hungry'; valid: ambidextrous, grumpy"),
    case("unknown-value", MadeUp(PICK, '[ { player = 0, take = "BXGTW" } ]', setup=ONE_CARD),
         r"made-up: step 1: take: 'BXGTW': letter 2 'X' is not a value of arm"),
    # a setup the game's pieces or players cannot make
    case("miscounted-bears", MadeUp(POLAR, "[ { stop = true } ]", id="six-white",
                                    setup="{ secured = [{ white = 6 }, {}] }"),
         r"six-white: setup: white: 0 in the middle, 6 secured and 0 pulled make 6, but the "
         r"set has 5"),
    case("players-against-secured", MadeUp(POLAR, "[ { stop = true } ]", id="three",
                                           setup="{ players = 3, secured = [{}, {}] }"),
         r"three: setup: players = 3, but secured lists 2"),
    case("too-many-players", MadeUp(POLAR, '[ { roll = ["green", "blue"], take = ["blue"] } ]',
                                    setup="{ players = 5 }"),
         r"setup: the game is for 2-4 players, not 5"),
    case("too-few-players", MadeUp(PICK, "[ { deal = true } ]", setup='{ captains = ["BRGTA"] }'),
         r"made-up: setup: the multiplayer game is for 2-5 players, not 1"),
    case("crowded-space", MadeUp(YETI, "[ { pass = true } ]", id="crowded",
                                 setup='{ positions = [{ team = "beavers", value = 1, '
                                       'at = [2, 2] }, { team = "crocodiles", value = 1, '
                                       'at = [2, 2] }] }'),
         r"crowded: setup: positions: crocodiles 1 and beavers 1 are both on \[2, 2\]"),
    case("too-many-cards", MadeUp(YETI, "[ { start = 1, at = [1, 1] } ]", id="cards",
                                  setup='{ placed = ["grumpy-red", "grumpy-red"], hands = { '
                                        'beavers = { yetis = ["grumpy-red"] } } }'),
         r"cards: setup: 3 grumpy-red cards"),
    case("too-many-cards", MadeUp(PICK, "[ { deal = true } ]",
                                  setup='{ grid = ["BRGTA", "BRGTA", "BRGTA", "BRGTA"] }'),
         r"made-up: setup: BRGTA is shown 4 times; the deck has 3 of each card"),
    case("bonus-card-without-its-rules", MadeUp(PICK, "[ { deal = true } ]",
                                                setup='{ grid = ["BRGTA"], '
                                                      'pile = ["bonus glasses raised"] }'),
         r"made-up: setup: pile: bonus cards are only shuffled in with rules"),
    case("setup-against-the-variant", MadeUp(CORAZ, "[ { roll = [3] } ]", setup=FIELD_5,
                                             rules="{ tydzien = true }", id="two-dice-tydzien"),
         r"two-dice-tydzien: setup .*uses one die"),
]

#: Made-up examples that are malformed, and what reading them says (a regular expression).
MALFORMED = [
    # a step that is none, or two, of the game's kinds of step
    case("stop-and-roll", MadeUp(POLAR, '[ { stop = true, roll = ["green", "blue"] } ]'),
         r"steps\[0\]\.roll: a stop rolls and takes"),
    case("stop-false", MadeUp(POLAR, "[ { stop = false } ]"),
         r"steps\[0\]\.stop: stop = false means nothing"),
    case("take-without-a-roll", MadeUp(POLAR, '[ { take = ["green"] } ]'),
         r"steps\[0\]\.roll: a step is a roll"),
    case("one-die", MadeUp(POLAR, '[ { roll = ["green"] } ]'),
         r"steps\[0\]\.roll: needs at least 2"),
    case("steal-backwards", MadeUp(POLAR, '[ { roll = ["white", "white"], '
                                          'steal = [["white", 1]] } ]'),
         r"a steal is \[opponent, colour\]"),
    case("start-without-a-space", MadeUp(YETI, "[ { start = 1 } ]"),
         r"steps\[0\]\.at: a start needs the space"),
    case("move-nowhere", MadeUp(YETI, "[ { move = 1 } ]"),
         r"steps\[0\]\.to: a move needs to = \[row, column\] or finish = true"),
    case("move-and-finish", MadeUp(YETI, "[ { move = 1, to = [3, 3], finish = true } ]"),
         r"a move needs to"),
    case("yeti-without-a-colour", MadeUp(YETI, '[ { yeti = "grumpy", rolls = [3] } ]'),
         r"steps\[0\]\.colour: a Yeti step needs"),
    case("yeti-of-no-colour", MadeUp(YETI, '[ { yeti = "grumpy", colour = "blue", '
                                           'rolls = [3] } ]'),
         r"'blue' is not one of"),
    case("roll-of-seven", MadeUp(YETI, '[ { yeti = "grumpy", colour = "red", rolls = [7] } ]'),
         r"above the maximum 6"),
    case("pass-false", MadeUp(YETI, "[ { pass = false } ]"), r"pass = false means nothing"),
    case("pass-and-start", MadeUp(YETI, "[ { pass = true, start = 1, at = [1, 1] } ]"),
         r"exactly one of"),
    case("pass-with-rolls", MadeUp(YETI, "[ { pass = true, rolls = [3] } ]"),
         r"steps\[0\]\.rolls: does not belong to a pass step"),
    case("take-without-a-player", MadeUp(PICK, '[ { take = "BRGTW" } ]'),
         r"steps\[0\]\.player: who does it\?"),
    case("take-and-slot", MadeUp(PICK, '[ { player = 0, take = "BRGTW", slot = 2 } ]'),
         r"steps\[0\]\.slot: take a card or a slot"),
    case("deal-and-solve", MadeUp(PICK, "[ { deal = true, solve = true } ]"),
         r"a step is exactly one of"),
    case("deal-false", MadeUp(PICK, "[ { deal = false } ]"),
         r"steps\[0\]\.deal: deal = false means nothing"),
    case("extra-without-a-freeze", MadeUp(PICK, '[ { deal = true, extra = "BRGTW" } ]'),
         r"only a FREEZE! call takes an extra card"),
    case("answer-without-words", MadeUp(PICK, "[ { answers = [{ player = 0 }] } ]"),
         r"steps\[0\]\.answers\[0\]\.says: is missing"),
    case("face-and-roll", MadeUp(CORAZ, "[ { roll = [3], face = 4 } ]",
                                 rules="{ tydzien = true }", setup="{ field = 24, cards = 3 }"),
         r"steps\[0\]\.roll: a Tydzień answer"),
    # an unknown key, with the keys a step may have
    case("unknown-key", MadeUp(POLAR, '[ { rolled = ["green", "blue"] } ]'),
         "valid keys here: player, roll, steal, stop, take"),
    case("unknown-key", MadeUp(YETI, "[ { jump = 1 } ]"),
         r"valid keys here: at, colour, finish, move, pass, player, rolls, start"),
    case("unknown-key", MadeUp(PICK, '[ { grab = "BRGTW" } ]'),
         "valid keys here: answers, chain, deal, extra, freeze, player, slot, solve, take"),
    case("unknown-key", MadeUp(CORAZ, "[ { rolled = [3, 4] } ]", setup=FIELD_5),
         "valid keys here: announced, changes, face, roll"),
    # a setup or expectation that says nothing, or what no game can start from
    case("dealt-and-placed", MadeUp(YETI, "[]", setup='{ deal = true, placed = ["grumpy-red"] }'),
         r"setup\.placed: a dealt game starts"),
    case("zero-bears-expected", MadeUp(POLAR, '[ { roll = ["green", "blue"], '
                                              'take = ["green"] } ]',
                                       expect="{ pulled = { green = 1, blue = 0 } }"),
         r"expect\.pulled\.blue: leave out a colour with no bears"),
    case("no-snowboarders-expected", MadeUp(YETI, "[ { pass = true } ]",
                                            expect="{ knocked_off = { beavers = [] } }"),
         r"expect\.knocked_off\.beavers: needs at least 1"),
]


@pytest.mark.parametrize("game_id", sorted(REQUIRED))
def test_the_examples_the_rulebook_shows_are_there(game_id: str) -> None:
    assert REQUIRED[game_id] <= {ex.id for ex in games.get(game_id).load_examples()}


@pytest.mark.parametrize(("example", "message"), REFUSED)
def test_an_example_the_rules_cannot_play_is_refused_saying_where_and_why(
        tmp_path: Path, example: MadeUp, message: str) -> None:
    game = games.get(example.game)
    (made_up,) = example.load(tmp_path)
    with pytest.raises(ExampleError, match=message):
        game.replay(made_up, game.load_data())


@pytest.mark.parametrize(("example", "message"), MALFORMED)
def test_a_malformed_example_is_refused_when_read_naming_the_field(
        tmp_path: Path, example: MadeUp, message: str) -> None:
    with pytest.raises(DataErrors, match=message):
        example.load(tmp_path)
