"""Steps and whole plays: every rule of RULES.md §2–7 that decides what is legal.

A turn is searched breadth-first, one die per level. A node is the board after some
steps plus what the turn still remembers (dice left, checkers that left the head, the
runner). Nodes reached by different orders merge, so doubles stay cheap. The legal
plays are the acceptable nodes on the deepest level (maximal use), narrowed by the
higher-die rule; the step-by-step view walks the same graph, so it cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .position import Board, Position
from .variant import BAR, CHECKERS, HEAD, OFF, Variant


@dataclass(frozen=True)
class Step:
    """One checker moved by one die, in the mover's numbering (origin 25 = bar, target 0 = off)."""

    origin: int
    target: int
    die: int
    hit: bool = False


class Node(NamedTuple):
    mover: Board
    opponent: Board
    dice: tuple[int, ...]  # dice still to play, in the order they may be chosen
    head_moves: int  # checkers that left the head this turn
    runner: int  # point of the checker that moves under the runner rule, 0 = not chosen yet


Plays = dict[Position, tuple[Step, ...]]


def _head_limit(variant: Variant, mover: Board, opponent: Board, dice: tuple[int, int]) -> int:
    """How many checkers may leave the head this turn (narde's head rule)."""
    if not variant.head_rule:
        return CHECKERS
    first_turn = mover[HEAD] == CHECKERS
    if first_turn and dice[0] == dice[1] and dice[0] in (6, 4, 3):
        if variant.has("simple-head"):
            return 2
        # 4-4 is no exception while the opponent's 5-5 checker stands on my 16
        if dice[0] == 4 and opponent[variant.opponent_point(16)]:
            return 1
        return 2
    return 1


def _runner_rule_in_force(variant: Variant, mover: Board) -> bool:
    """True until some checker reached the runner's goal (or beyond)."""
    return variant.runner_home > 0 and not any(mover[: variant.runner_home + 1])


def illegal_block(variant: Variant, mover: Board, opponent: Board) -> bool:
    """Six consecutive points along the opponent's route with no opposing checker ahead."""
    if not variant.six_block:
        return False
    held = [False] * 25  # indexed by the opponent's numbering
    for point in range(1, 25):
        if mover[point]:
            held[variant.opponent_point(point)] = True
    if opponent[OFF]:
        return False
    # lowest opposing checker in its own numbering: checkers below a block are ahead of it
    lowest = next((q for q in range(1, 25) if opponent[q]), 25)
    run = 0
    for q in range(24, 0, -1):
        run = run + 1 if held[q] else 0
        if run >= 6 and lowest > q:  # block spans q+5..q; nothing on q-1..1
            return True
    return False


class TurnGraph:
    """Every step sequence of one turn, merged by node, with the legal plays marked."""

    def __init__(self, position: Position, dice: tuple[int, int]) -> None:
        self.position = position
        self.variant = variant = position.variant
        d1, d2 = dice
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise ValueError(f"dice must be 1..6, got {dice!r}")
        self.dice = (d1, d2)
        mover, opponent = position.mover, position.opponent
        self.head_limit = _head_limit(variant, mover, opponent, (d1, d2))
        # with next-turn-runner the rule holds (or not) for the whole turn
        self.runner_fixed = variant.has("next-turn-runner")
        self.runner_at_start = _runner_rule_in_force(variant, mover)
        start_dice = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))
        self.root = Node(mover, opponent, start_dice, 0, 0)
        self.children: dict[Node, list[tuple[Step, Node]]] = {}
        levels: list[list[Node]] = [[self.root]]
        while True:
            next_level: dict[Node, None] = {}
            for node in levels[-1]:
                kids = self._expand(node)
                self.children[node] = kids
                for _, child in kids:
                    next_level[child] = None
            if not next_level:
                break
            levels.append(list(next_level))
        self.levels = levels
        self.finals = self._legal_finals()
        self._good: dict[Node, bool] = {}

    # -- single steps -------------------------------------------------------------

    def _expand(self, node: Node) -> list[tuple[Step, Node]]:
        kids: list[tuple[Step, Node]] = []
        tried: set[int] = set()
        for index, die in enumerate(node.dice):
            if die in tried:
                continue
            tried.add(die)
            rest = node.dice[:index] + node.dice[index + 1 :]
            for step, mover, opponent in self._steps_for_die(node, die):
                head_moves = node.head_moves + (step.origin == HEAD)
                runner = node.runner
                if self._runner_in_force(node.mover):
                    runner = step.target
                kids.append((step, Node(mover, opponent, rest, head_moves, runner)))
        return kids

    def _runner_in_force(self, mover: Board) -> bool:
        if self.runner_fixed:
            return self.runner_at_start
        return _runner_rule_in_force(self.variant, mover)

    def _origins(self, node: Node) -> list[int]:
        mover = node.mover
        variant = self.variant
        if variant.hitting and mover[BAR]:
            return [BAR]
        if self._runner_in_force(mover):
            if node.runner:
                return [node.runner]
            runners = [p for p in range(1, HEAD) if mover[p]]
            return runners or [HEAD]
        origins = [p for p in range(1, 25) if mover[p]]
        if node.head_moves >= self.head_limit and mover[HEAD]:
            origins.remove(HEAD)
        return origins

    def _steps_for_die(self, node: Node, die: int) -> list[tuple[Step, Board, Board]]:
        variant = self.variant
        mover, opponent = node.mover, node.opponent
        origins = self._origins(node)
        if not origins:
            return []
        results: list[tuple[Step, Board, Board]] = []
        all_home = not mover[BAR] and not any(mover[7:25])
        highest = max(origins) if all_home else 0
        for origin in origins:
            target = origin - die
            if target <= 0:
                if not all_home or (target < 0 and origin != highest):
                    continue
                new_mover = list(mover)
                new_mover[origin] -= 1
                new_mover[OFF] += 1
                results.append((Step(origin, 0, die), tuple(new_mover), opponent))
                continue
            opposing_point = variant.opponent_point(target)
            opposing = opponent[opposing_point]
            hit = False
            if opposing:
                if not variant.hitting or opposing > 1:
                    continue
                hit = True
            new_mover = list(mover)
            new_mover[origin] -= 1
            new_mover[target] += 1
            new_opponent = opponent
            if hit:
                moved = list(opponent)
                moved[opposing_point] = 0
                moved[BAR] += 1
                new_opponent = tuple(moved)
            board = tuple(new_mover)
            if variant.table_limit and 7 <= target <= 12 and sum(1 for p in range(7, 13) if board[p]) > 4:
                continue
            if variant.six_block and not variant.has("end-block") and illegal_block(variant, board, new_opponent):
                continue
            results.append((Step(origin, target, die, hit), board, new_opponent))
        return results

    # -- whole plays --------------------------------------------------------------

    def _acceptable(self, node: Node) -> bool:
        if self.variant.has("end-block"):
            return not illegal_block(self.variant, node.mover, node.opponent)
        return True

    def _legal_finals(self) -> set[Node]:
        for depth in range(len(self.levels) - 1, -1, -1):
            finals = [n for n in self.levels[depth] if self._acceptable(n)]
            if not finals:
                continue
            d1, d2 = self.dice
            if depth == 1 and d1 != d2:
                # higher die: keep the plays that used it (the lower one is left over)
                higher = [n for n in finals if n.dice == (min(d1, d2),)]
                finals = higher or finals
            return set(finals)
        return {self.root}

    def good(self, node: Node) -> bool:
        """True when a legal play can still be completed from this node."""
        known = self._good.get(node)
        if known is None:
            known = node in self.finals or any(self.good(child) for _, child in self.children.get(node, ()))
            self._good[node] = known
        return known

    def legal_steps(self, node: Node) -> list[tuple[Step, Node]]:
        return [(step, child) for step, child in self.children.get(node, ()) if self.good(child)]

    def result(self, node: Node) -> Position:
        boards = (node.mover, node.opponent) if self.position.turn == 0 else (node.opponent, node.mover)
        return Position(self.variant, 1 - self.position.turn, boards)

    def plays(self) -> Plays:
        """Each legal play's resulting position with one step sequence that reaches it."""
        found: Plays = {}
        paths: dict[Node, tuple[Step, ...]] = {self.root: ()}
        for level in self.levels:
            for node in level:
                path = paths.get(node)
                if path is None:
                    continue
                if node in self.finals:
                    found.setdefault(self.result(node), path)
                    continue
                for step, child in self.legal_steps(node):
                    paths.setdefault(child, path + (step,))
        return found


def legal_plays(position: Position, dice: tuple[int, int]) -> Plays:
    """Resulting positions (turn passed) of every legal play, each with one way to reach it.

    With no legal play the dict is empty: the turn passes with the board unchanged.

    >>> start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    >>> len(legal_plays(start, (3, 1)))
    16
    """
    if position.winner() is not None:
        return {}
    graph = TurnGraph(position, dice)
    if graph.finals == {graph.root}:
        return {}
    return graph.plays()


def result_positions(position: Position, dice: tuple[int, int]) -> list[Position]:
    """The positions after each legal play; the position with the turn passed if none."""
    plays = legal_plays(position, dice)
    return list(plays) if plays else [position.pass_turn()]


class TurnPlanner:
    """The step-by-step view of one turn, as a board needs it.

    Only steps that can still be completed into a legal play are offered, so
    playing them one at a time always ends in exactly one of `legal_plays`.
    """

    def __init__(self, position: Position, dice: tuple[int, int]) -> None:
        self.graph = TurnGraph(position, dice)
        self.path: list[tuple[Step, Node]] = []

    @property
    def node(self) -> Node:
        return self.path[-1][1] if self.path else self.graph.root

    @property
    def position(self) -> Position:
        """The board as it stands now, still with the mover's turn."""
        return self.graph.result(self.node).pass_turn()

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for step, _ in self.path)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """Dice not played yet; once the turn is complete the unplayable ones stay listed."""
        return self.node.dice

    @property
    def done(self) -> bool:
        """True when the steps so far make a whole legal play (or no play exists)."""
        return self.node in self.graph.finals

    def steps_now(self) -> list[Step]:
        return [step for step, _ in self.graph.legal_steps(self.node)]

    def movable(self) -> list[int]:
        """Points (mover's numbering, 25 = bar) holding a checker that may move now."""
        return sorted({step.origin for step in self.steps_now()})

    def destinations(self, origin: int) -> dict[int, tuple[Step, ...]]:
        """Where the checker on `origin` may go now, by one die or several in a row.

        Each target maps to the shortest step sequence reaching it; every sequence
        is completable into a legal play.
        """
        found: dict[int, tuple[Step, ...]] = {}
        frontier: list[tuple[Node, int, tuple[Step, ...]]] = [(self.node, origin, ())]
        while frontier:
            next_frontier = []
            for node, at, path in frontier:
                for step, child in self.graph.legal_steps(node):
                    if step.origin != at:
                        continue
                    route = path + (step,)
                    if step.target not in found:
                        found[step.target] = route
                    if step.target != 0:
                        next_frontier.append((child, step.target, route))
            frontier = next_frontier
        return found

    def step(self, step: Step) -> None:
        for candidate, child in self.graph.legal_steps(self.node):
            if candidate == step:
                self.path.append((candidate, child))
                return
        raise ValueError(f"step {step.origin}->{step.target} with {step.die} is not legal now")

    def undo(self) -> Step | None:
        return self.path.pop()[0] if self.path else None

    def result(self) -> Position:
        """The position after the turn, with the turn passed (only when done)."""
        if not self.done:
            raise ValueError("the turn is not complete")
        return self.graph.result(self.node)
