"""The rules in short, for the How to play screen.

A summary of docs/rules_sources/RULES.md, kept in the package because docs/ is not
installed with it. When a rule changes there, change it here too: each paragraph is
kept with the numbers of the rules it sums up, for that, but the screen shows none of
them (a player has no use for "(R01, R06)").
"""

from typing import Final

TITLE: Final = "# Spit in short"

SECTIONS: Final = (
    (
        "R01, R06",
        """\
**Goal.** Get rid of all your cards. Nobody takes turns: both players play as fast as
they can, one card at a time.""",
    ),
    (
        "R03, R04",
        """\
**The layout.** Each player has five stockpiles of 1, 2, 3, 4 and 5 cards, top card
face up, and the rest of their cards face down as *spit cards*.""",
    ),
    (
        "R05",
        """\
**Spit!** After the countdown both players turn up a spit card onto the two spit piles
in the middle.""",
    ),
    (
        "R02, R07, R10",
        """\
**Playing.** Play the top card of any of your stockpiles onto either spit pile if it is
one rank above or below that pile's top card. Ranks wrap around: an ace goes on a K or
a 2, and a K or a 2 goes on an ace. Suits do not matter. The card that reaches a pile
first lands; a card that no longer fits stays where it was.""",
    ),
    (
        "R08, R09",
        """\
**Empty spaces.** The card under a played card turns up by itself. When one of your
stockpiles is empty you may move a top card into it, if that uncovers a face-down
card.""",
    ),
    (
        "R13",
        """\
**Stall.** When neither player can play, a new spit happens by itself after a short
countdown.""",
    ),
    (
        "R14, R15, R16",
        """\
**End of a round and the slap.** A round ends when a player has played all their
stockpile cards (or nobody can play and nobody has spit cards left). Then both slap a
spit pile: you want the smaller one. Slap the same pile and the faster hand gets it;
if nobody slaps in time, each takes the pile on their own side. Everyone gathers their
pile and leftover cards, and deals again.""",
    ),
    (
        "R17, R18, R19",
        """\
**Short of cards.** With fewer than 15 cards you lay out what you can and have no
spit cards, so there is only one spit pile. Empty your stockpiles first in that round
and you win the game.""",
    ),
    (
        "R20",
        """\
**Points variant.** Instead, after each round you score a point per card left; when
someone reaches 100 the lower total wins.""",
    ),
)
"""(the rules' numbers in RULES.md, the paragraph in Markdown)"""

RULES_SUMMARY: Final = "\n\n".join([TITLE, *(text for _ids, text in SECTIONS)]) + "\n"
