"""Steps and whole plays: every rule of docs/RULES.md §2–7 that decides what is legal.

A turn is searched breadth-first, one die per level. A node is the board after some
steps plus what the turn still remembers (dice left, checkers that left the head, the
runner). Nodes reached by different orders merge, so doubles stay cheap. The legal
plays are the acceptable nodes on the deepest level (maximal use), narrowed by the
higher-die rule; the step-by-step view walks the same graph, so it cannot disagree.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import compress
from typing import NamedTuple

from . import progress
from .position import Board, Position
from .variant import BAR, CHECKERS, HEAD, OFF, Variant


class Step(NamedTuple):
    """One checker moved by one die, in the mover's numbering (origin 25 = bar, target 0 = off)."""

    origin: int
    target: int
    die: int
    hit: bool = False


# A node of the turn's graph, kept as a plain tuple because millions are made:
# (mover board, opponent board, dice still to play, checkers that left the head,
#  point of the checker moving under the runner rule or 0)
Node = tuple[int, int, tuple[int, ...], int, int]

# Inside the graph a board is one int, a byte per slot: a step is one addition,
# and hashing is cheap. `unpack` gives the slot counts back as bytes.
_ONE = tuple(1 << (8 * slot) for slot in range(26))
# _MOVES[die][origin]: what a packed board gains when a checker moves from origin by die
_MOVES = tuple(tuple(_ONE[max(origin - die, OFF)] - _ONE[origin] for origin in range(26)) for die in range(7))
_POINTS = range(1, 25)


def pack(board: Sequence[int]) -> int:
    return int.from_bytes(bytes(board), "little")


def unpack(packed: int) -> bytes:
    return packed.to_bytes(26, "little")


Plays = dict[Position, tuple[Step, ...]]

# Why a checker may not move (TurnPlanner.held_back), the most telling reason first when
# several apply: a block of six, moultezim's table limit, bearing off from a lower point
# while a higher one is taken, bearing off before all are home, points the opponent holds.
# Also: "bar" (enter first), "runner", "head", "dice" (every play with it leaves a die
# that could be played unplayed, or plays the lower die where the higher one can be), "done".
HELD_BACK = ("block", "table", "higher", "home", "blocked")


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


def _runner_rule_in_force(variant: Variant, mover: Sequence[int]) -> bool:
    """True until some checker reached the runner's goal (or beyond)."""
    return variant.runner_home > 0 and not any(mover[: variant.runner_home + 1])


def illegal_block(variant: Variant, mover: Sequence[int], opponent: Sequence[int]) -> bool:
    """Six consecutive points along the opponent's route with no opposing checker ahead."""
    if not variant.six_block or opponent[OFF]:
        return False
    held = [False] * 25  # indexed by the opponent's numbering
    for point in range(1, 25):
        if mover[point]:
            held[variant.opponent_point(point)] = True
    # lowest opposing checker in its own numbering: checkers below a block are ahead of it
    lowest = next((q for q in range(1, 25) if opponent[q]), 25)
    run = 0
    for q in range(24, 0, -1):
        run = run + 1 if held[q] else 0
        if run >= 6 and lowest > q:  # block spans q+5..q with nothing on q-1..1
            return True
    return False


# my point -> the same point in the opponent's numbering, for each geometry
_OPPOSING_POINT = {
    same: (0, *((p + 12 if p <= 12 else p - 12) if same else 25 - p for p in range(1, 25)))
    for same in (False, True)
}


@functools.cache
def _die_choices(dice: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each distinct die that may be played next, with the dice left after it."""
    return tuple((die, dice[:i] + dice[i + 1 :]) for i, die in enumerate(dice) if die not in dice[:i])


# same-direction games: my points in the order the opponent travels them (its 24 first)
_OPPONENT_ROUTE = (*range(12, 0, -1), *range(24, 12, -1))
_ROUTE_INDEX = {point: index for index, point in enumerate(_OPPONENT_ROUTE)}


def _illegal_block_through(target: int, board: bytes, opponent: bytes) -> bool:
    """`illegal_block` for a same-direction board where only `target` was just taken:
    only blocks containing it can be new, and the one reaching farthest decides."""
    if opponent[OFF]:
        return False
    index = _ROUTE_INDEX[target]
    first = last = index
    while first > 0 and board[_OPPONENT_ROUTE[first - 1]]:
        first -= 1
    while last < 23 and board[_OPPONENT_ROUTE[last + 1]]:
        last += 1
    if last - first < 5:
        return False
    end = min(last, index + 5)  # the route index q = 24 - end is the block's far end
    return not any(opponent[1 : 24 - end])


def _table_overfull(board: Sequence[int]) -> bool:
    """Moultezim's table limit broken: more than four of the mover's points among 12..7."""
    return sum(1 for p in range(7, 13) if board[p]) > 4


class TurnGraph:
    """Every step sequence of one turn, merged by node, with the legal plays marked.

    Boards inside the graph are packed ints (see `pack`) and edges are not stored:
    a double can visit thousands of nodes, so each step must cost little. The step
    between two nodes is read back from their difference when a path is needed.
    """

    def __init__(self, position: Position, dice: tuple[int, int], record_paths: bool = True) -> None:
        progress.tick()
        self.position = position
        self.variant = variant = position.variant
        d1, d2 = dice
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise ValueError(f"dice must be 1..6, got {dice!r}")
        self.dice = (d1, d2)
        self.head_limit = _head_limit(variant, position.mover, position.opponent, (d1, d2))
        self.count_head = variant.head_rule
        # with next-turn-runner the rule holds (or not) for the whole turn
        self.runner_fixed = variant.has("next-turn-runner")
        self.runner_at_start = _runner_rule_in_force(variant, position.mover)
        # without it the rule is looked at again after every step (in games that have it)
        self.runner_varies = variant.runner_home > 0 and not self.runner_fixed
        self.check_block_per_step = variant.six_block and not variant.has("end-block")
        self.checked = self.check_block_per_step or variant.table_limit
        # A step onto a point the mover already holds takes no new point, so it cannot make a
        # block or pass the table limit that the board before it did not have: from a start
        # within both rules (any position reached by play), such steps need no check.
        self.landing_checked = self.checked and not self._within_step_rules(position.mover, position.opponent)
        self.end_block = variant.six_block and variant.has("end-block")
        self.opposing_point = _OPPOSING_POINT[variant.same_direction]
        start_dice = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))
        self.root: Node = (pack(position.mover), pack(position.opponent), start_dice, 0, 0)
        self.parent: dict[Node, Node] = {}
        levels: list[list[Node]] = [[self.root]]
        # without paths, a turn with no rule checked per step may skip repeated children
        plain = not (record_paths or self.checked or self.count_head or self.runner_at_start)
        firsts: dict[Node, tuple[int, int]] = {self.root: (0, OFF)}  # see _expand_plain
        while levels[-1][0][2]:  # nodes of one level all have the same number of dice left
            if plain:
                firsts = self._expand_plain(firsts)
                nodes = list(firsts)
            elif record_paths:
                next_level: dict[Node, Node] = {}
                for node in levels[-1]:
                    for child in self._expand((node,)):
                        if child not in next_level:
                            next_level[child] = node
                self.parent.update(next_level)
                nodes = list(next_level)
            else:
                # Repeats are dropped keeping first appearances (their order is the order of
                # the results), but only where there can be some: the children of one node all
                # differ, and the last level only becomes the set of finals, which drops them.
                nodes = self._expand(levels[-1])
                if len(levels[-1]) > 1 and (len(levels[-1][0][2]) > 1 or self.end_block):
                    nodes = list(dict.fromkeys(nodes))
            if not nodes:
                break
            levels.append(nodes)
        self.levels = levels
        self.finals = self._legal_finals()
        self._children: dict[Node, list[Node]] = {}
        self._good: dict[Node, bool] = {}
        self._legal: dict[Node, list[tuple[Step, Node]]] = {}

    # -- single steps -------------------------------------------------------------

    def _expand(self, nodes: Iterable[Node]) -> list[Node]:
        """The nodes one legal step away from each of `nodes`, in turn (the rules checked per
        step are applied here). A whole level goes in one call, to set up once per level."""
        variant = self.variant
        opposing_point = self.opposing_point
        hitting = variant.hitting
        checked, step_allowed = self.checked, self._step_allowed  # looked up once a level
        landing_checked = self.landing_checked
        count_head = self.count_head
        kids: list[Node] = []
        for mover, opponent, dice, head_moves, runner in nodes:
            if not dice:
                continue
            counts = mover.to_bytes(26, "little")
            runner_in_force = _runner_rule_in_force(variant, counts) if self.runner_varies else self.runner_at_start
            origins = self._origins(counts, head_moves, runner, runner_in_force)
            if not origins:
                continue
            all_home = mover < _ONE[7]  # nothing on 7..24 nor on the bar
            highest = origins[-1]
            opposing_counts = opponent.to_bytes(26, "little")
            for die, rest in _die_choices(dice):
                moves = _MOVES[die]
                for origin in origins:
                    target = origin - die
                    new_opponent = opponent
                    if target <= 0:
                        if not all_home or (target < 0 and origin != highest):
                            continue
                        target = 0
                    else:
                        opposing = opposing_counts[opposing_point[target]]
                        if opposing:
                            if opposing > 1 or not hitting:
                                continue
                            # a blot is hit and goes to the bar
                            new_opponent = opponent - _ONE[opposing_point[target]] + _ONE[BAR]
                    board = mover + moves[origin]
                    if (checked and target and (landing_checked or not counts[target])
                            and not step_allowed(target, board, opposing_counts)):
                        continue
                    kids.append((
                        board,
                        new_opponent,
                        rest,
                        head_moves + 1 if count_head and origin == HEAD else head_moves,
                        # the marker is dropped once the rule lifts, so that routes merge again
                        target if runner_in_force and (self.runner_fixed or target > variant.runner_home) else 0,
                    ))
        return kids

    def _expand_plain(self, level: dict[Node, tuple[int, int]]) -> dict[Node, tuple[int, int]]:
        """`_expand` for a turn with no rule checked per step (backgammon; a race once the
        runner rule is over), without repeats, each node with the step (die, origin) that
        first made it ((0, OFF) for the root: none).

        In such a turn two steps by different checkers lead to the same node in either order.
        Steps are tried higher die first, then lower origin first: so when a node's first
        parent tried step s before the node's own step, the child by s was made already, from
        the node parent + s, which came earlier. Such a child is skipped, which keeps the
        order in which children first appear (the order of the results). Not skipped, as the
        last step may change whether they are legal: anything after a step from the bar,
        bearing off, and moving on the checker that just arrived.
        """
        opposing_point = self.opposing_point
        hitting = self.variant.hitting
        found: dict[Node, tuple[int, int]] = {}
        for node, (last_die, last_origin) in level.items():
            mover, opponent, dice, head_moves, runner = node
            counts = mover.to_bytes(26, "little")
            origins = [BAR] if counts[BAR] else list(compress(_POINTS, counts[1:25]))
            if not origins:
                continue
            all_home = mover < _ONE[7]  # nothing on 7..24 nor on the bar
            highest = origins[-1]
            opposing_counts = opponent.to_bytes(26, "little")
            may_skip = last_die < last_origin < BAR  # the last step left neither the bar nor the board
            arrived = last_origin - last_die
            for die, rest in _die_choices(dice):
                moves = _MOVES[die]
                # steps from below `first` were tried before the last step
                if not may_skip or die < last_die:
                    first = 0
                else:
                    first = last_origin if die == last_die else BAR + 1
                for origin in origins:
                    if die < origin < first and origin != arrived:
                        continue  # made already (see above)
                    target = origin - die
                    if target > 0:
                        opposing = opposing_counts[opposing_point[target]]
                        if not opposing:
                            new_opponent = opponent
                        elif opposing == 1 and hitting:  # a blot is hit and goes to the bar
                            new_opponent = opponent - _ONE[opposing_point[target]] + _ONE[BAR]
                        else:
                            continue
                    elif all_home and (target == 0 or origin == highest):
                        new_opponent = opponent
                    else:
                        continue
                    kid = (mover + moves[origin], new_opponent, rest, head_moves, runner)
                    if kid not in found:
                        found[kid] = (die, origin)
        return found

    def _step_allowed(self, target: int, packed: int, opponent: bytes) -> bool:
        """The rules checked after every step: table limit, six-block rule (`opponent` unpacked)."""
        variant = self.variant
        board = unpack(packed)
        if variant.table_limit and 7 <= target <= 12 and _table_overfull(board):
            return False
        return not (self.check_block_per_step and _illegal_block_through(target, board, opponent))

    def _within_step_rules(self, mover: Board, opponent: Board) -> bool:
        """The board keeps the rules checked per step: no block of six, the table limit."""
        variant = self.variant
        if variant.table_limit and _table_overfull(mover):
            return False
        return not (self.check_block_per_step and illegal_block(variant, mover, opponent))

    def _origins(self, mover: bytes, head_moves: int, runner: int, runner_in_force: bool) -> list[int]:
        if mover[BAR]:
            return [BAR]
        if runner_in_force:
            if runner:
                return [runner]
            runners = [p for p in range(1, HEAD) if mover[p]]
            return runners or [HEAD]
        origins = list(compress(_POINTS, mover[1:25]))  # the points holding a checker
        if head_moves >= self.head_limit and mover[HEAD]:
            origins.pop()
        return origins

    @staticmethod
    def step_between(node: Node, child: Node) -> Step:
        """The step that leads from a node to one of its children."""
        before, after = unpack(node[0]), unpack(child[0])
        origin = next(slot for slot in range(BAR, 0, -1) if after[slot] < before[slot])
        left = list(node[2])
        for die in child[2]:
            left.remove(die)
        die = left[0]
        return Step(origin, max(origin - die, 0), die, child[1] != node[1])

    # -- whole plays --------------------------------------------------------------

    def _acceptable(self, node: Node) -> bool:
        """The rules checked on the whole play only: the six-block rule under end-block."""
        return not (self.end_block and illegal_block(self.variant, unpack(node[0]), unpack(node[1])))

    def _legal_finals(self) -> set[Node]:
        for depth in range(len(self.levels) - 1, -1, -1):
            level = self.levels[depth]
            finals = [n for n in level if self._acceptable(n)] if self.end_block else level
            if not finals:
                continue
            d1, d2 = self.dice
            if depth == 1 and d1 != d2:
                # higher die: keep the plays that used it (the lower one is left over)
                higher = [n for n in finals if n[2] == (min(d1, d2),)]
                finals = higher or finals
            return set(finals)
        return {self.root}

    def children(self, node: Node) -> list[Node]:
        kids = self._children.get(node)
        if kids is None:
            kids = self._children[node] = self._expand((node,))
        return kids

    def good(self, node: Node) -> bool:
        """True when a legal play can still be completed from this node."""
        known = self._good.get(node)
        if known is None:
            known = node in self.finals or any(self.good(child) for child in self.children(node))
            self._good[node] = known
        return known

    def legal_steps(self, node: Node) -> list[tuple[Step, Node]]:
        """The steps from `node` that a legal play can follow, each with the node it leads to
        (kept: a board asks again at every click, and the list is read only)."""
        steps = self._legal.get(node)
        if steps is None:
            children = self.children(node)
            steps = self._legal[node] = [(self.step_between(node, kid), kid) for kid in children if self.good(kid)]
        return steps

    def result(self, node: Node) -> Position:
        return self.results([node])[0]

    def results(self, nodes: Iterable[Node]) -> list[Position]:
        """Positions (turn passed) for nodes; results mostly share the opponent's board."""
        turn = self.position.turn
        opponents: dict[int, Board] = {}
        boards = []
        for node in nodes:
            mover = tuple(node[0].to_bytes(26, "little"))
            opponent = opponents.get(node[1])
            if opponent is None:
                opponent = opponents[node[1]] = tuple(node[1].to_bytes(26, "little"))
            boards.append((mover, opponent) if turn == 0 else (opponent, mover))
        return Position.many(self.variant, 1 - turn, boards)

    def path_to(self, node: Node) -> tuple[Step, ...]:
        steps: list[Step] = []
        while node is not self.root:
            parent = self.parent[node]
            steps.append(self.step_between(parent, node))
            node = parent
        return tuple(reversed(steps))

    def plays(self) -> Plays:
        """Each legal play's resulting position with one step sequence that reaches it (worked
        out once a graph: the app asks at every view of a turn)."""
        return dict(self._plays)

    @functools.cached_property
    def _plays(self) -> Plays:
        finals = list(self.finals)
        paths: dict[Node, tuple[Step, ...]] = {self.root: ()}  # plays share their first steps

        def path(node: Node) -> tuple[Step, ...]:
            known = paths.get(node)
            if known is None:
                parent = self.parent[node]
                known = paths[node] = (*path(parent), self.step_between(parent, node))
            return known

        return dict(zip(self.results(finals), map(path, finals)))


def legal_plays(position: Position, dice: tuple[int, int]) -> Plays:
    """Resulting positions (turn passed) of every legal play, each with one way to reach it.

    With no legal play the dict is empty: the turn passes with the board unchanged.

    >>> start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    >>> len(legal_plays(start, (3, 1)))
    16
    """
    graph = TurnGraph(position, dice)
    if graph.finals == {graph.root}:
        return {}
    return graph.plays()


def result_positions(position: Position, dice: tuple[int, int]) -> list[Position]:
    """The positions after each legal play; the position with the turn passed if none."""
    graph = TurnGraph(position, dice, record_paths=False)
    return graph.results(graph.finals)


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
        return self.node[2]

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

    def held_back(self, origin: int) -> str | None:
        """Why the mover's checker on `origin` may not move now, naming the rule (one of
        HELD_BACK), or None when it may move, or none of the mover's checkers stands there."""
        graph, node = self.graph, self.node
        mover_packed, opponent_packed, dice, head_moves, runner = node
        mover, opponent = unpack(mover_packed), unpack(opponent_packed)
        if not 1 <= origin <= BAR or not mover[origin] or origin in self.movable():
            return None
        if not dice or (self.path and not self.steps_now()):
            return "done"  # the turn is complete: what is left cannot be played
        if mover[BAR] and origin != BAR:
            return "bar"
        variant = graph.variant
        runner_in_force = _runner_rule_in_force(variant, mover) if graph.runner_varies else graph.runner_at_start
        if origin not in graph._origins(mover, head_moves, runner, runner_in_force):
            return "runner" if runner_in_force else "head"
        children = [child for child in graph.children(node) if graph.step_between(node, child).origin == origin]
        if children:  # single steps are allowed, but no legal play goes on from any of them
            return "block" if graph.end_block and self._blocks_at_the_end(children) else "dice"
        found: set[str] = set()
        highest = max(p for p in range(1, BAR + 1) if mover[p])
        for die in set(dice):
            target = origin - die
            if target <= 0:
                found.add("home" if mover_packed >= _ONE[7] else "higher" if target < 0 and origin != highest else "")
                continue
            opposing = opponent[graph.opposing_point[target]]
            if opposing and (opposing > 1 or not variant.hitting):
                found.add("blocked")
                continue
            board = unpack(mover_packed + _MOVES[die][origin])
            if variant.table_limit and 7 <= target <= 12 and _table_overfull(board):
                found.add("table")
            elif graph.check_block_per_step and _illegal_block_through(target, board, opponent):
                found.add("block")
        return next((reason for reason in HELD_BACK if reason in found), "blocked")

    def _blocks_at_the_end(self, nodes: list[Node]) -> bool:
        """Some play through `nodes` uses as many dice as a legal play but ends in a block."""
        depth = len(next(iter(self.graph.finals))[2])  # dice left at the end of a legal play
        seen: set[Node] = set()
        while nodes:
            node = nodes.pop()
            if node in seen:
                continue
            seen.add(node)
            if len(node[2]) == depth and not self.graph._acceptable(node):
                return True
            nodes.extend(self.graph.children(node))
        return False

    def step(self, step: Step) -> None:
        for candidate, child in self.graph.legal_steps(self.node):
            if candidate == step:
                self.path.append((candidate, child))
                return
        raise ValueError(f"step {step.origin}->{step.target} with {step.die} is not legal now")

    def undo(self) -> Step | None:
        return self.path.pop()[0] if self.path else None

    def copy(self) -> TurnPlanner:
        """The same turn with the same steps, to go on with apart. The graph is shared: it is
        whole once built, and what it learns later (children, completable nodes) is cached."""
        twin = object.__new__(TurnPlanner)
        twin.graph = self.graph
        twin.path = list(self.path)
        return twin

    def result(self) -> Position:
        """The position after the turn, with the turn passed (only when done)."""
        if not self.done:
            raise ValueError("the turn is not complete")
        return self.graph.result(self.node)
