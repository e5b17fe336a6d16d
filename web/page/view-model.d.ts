// What the worker sends the page, in one place: the view model of web/worker/presenter.py
// (view, editor_view, start_view; its shape in Python is web/worker/viewmodel.py, whose names
// these follow), its catalogue (sent once in the hello), the answer around each view
// (web/worker/ui.py dispatch) and the library entry (web/worker/saves.py library_entry).
// Modules name these types with import("../view-model.js").View and so on. Types only:
// nothing here is shipped.

/** A side: White or Black. */
export type Side = "w" | "b";

/** A place on the board: a point "1".."24" in White's numbering, "bar-w", "bar-b", "off-w", "off-b". */
export type PointId = string;

/** What the page asks of the engine: a `type` and the fields that intent reads (web/worker/intents.py). */
export interface Intent {
  type: string;
  [field: string]: unknown;
}

export interface Checker {
  id: string; // "w0".."w14", "b0".."b14": a checker keeps its id while it moves
  side: Side;
  at: PointId;
  i: number; // its place in the stack, 0 at the bottom
}

export interface PointInfo {
  side: Side;
  count: number;
}

export interface Die {
  value: number;
  used: boolean;
  blocked?: boolean; // left, but the turn is done: nothing can play it
}

export interface Cube {
  enabled: boolean;
  value: number;
  owner: Side | null;
  offered: boolean;
}

/** The controls the person may use now (presenter.can). */
export interface Can {
  roll: boolean;
  double: boolean;
  take: boolean;
  drop: boolean;
  beaver: boolean;
  undo: boolean;
  hint: boolean;
  review: boolean;
  confirm: boolean;
  resign: boolean;
  answer_resign: boolean;
  replay: boolean;
  play_on: boolean;
  next_game: boolean;
  new_match: boolean;
}

export interface Player {
  kind: "human" | "computer";
  pips: number;
  off: number;
  score: number;
}

export interface MatchView {
  length: number;
  score: number[] | null;
  crawford: boolean;
  over: boolean;
}

/** A pair of places: a step from one to the other. */
export type Step = [PointId, PointId];

/** The last confirmed turn: the line under the board (its arrows are the board's `arrows`). */
export interface LastMove {
  side: Side;
  dice: string;
  text: string;
  steps: Step[];
}

export interface HintPlay {
  play: string;
  equity: number;
  loss: number;
  steps: Step[];
}

/** The best plays (one of them drawn: `shown`), or the cube action. */
export interface Hint {
  cube: "double" | "roll" | "take" | "drop" | "beaver" | null;
  plays: HintPlay[];
  shown: number | null;
  side?: Side;
  rollout?: HintRollout; // once asked for (web/worker/rollouts.py)
}

/** One play's rollout figures so far (nardcore.bots.rollout Rollout.to_dict), for the mover. */
export interface RolloutFigures {
  play: string | null;
  games: number;
  total: number;
  outcomes: Record<string, number>; // win, win_2x, ..., as `python -m nardcore eval` names them
  equity: number;
  low: number | null; // the 95% interval; null after a single game
  high: number | null;
}

/** The hint's plays rolled out: the page asks for more while `running`. */
export interface HintRollout {
  running: boolean;
  stopped: boolean; // cancelled: the figures so far
  done: number;
  total: number;
  games: number; // per play
  level: string;
  plays: RolloutFigures[];
}

export interface RecordEntry {
  index: number;
  number: number; // the turns played up to this one (0 before the first)
  kind: string; // "opening", "play", "pass", "double", "take", "drop", "beaver", "resign" ...
  side: Side | null;
  text: string;
  dice: number[] | null;
  play: string;
  cube: number | null;
  level: string | null;
}

export interface Replay {
  at: number;
  of: number;
}

/** What giving up costs now, or the offer on the table (presenter.resign). */
export interface Resign {
  levels?: { level: string; points: number }[];
  concede?: number;
  offer?: string;
  side?: Side;
  points?: number;
}

export interface Decision {
  turn: number;
  side: Side;
  kind: string; // "play", "double", "take", "drop", "beaver"
  position: string;
  dice: string;
  chosen: string;
  best: string;
  loss: number;
  mark: string | null;
  luck: number | null; // the roll's luck for the mover, in points (plays only)
  forced: boolean; // no choice: left out of the error rate
}

/** The game's review as far as it has got (web/worker/advice.py run_review). */
export interface Review {
  done: number;
  total: number;
  complete: boolean;
  shown: number | null;
  decisions: Decision[];
  chances: number[];
  positions: string[];
  error_rate: Partial<Record<Side, number>>;
  luck: Partial<Record<Side, number>>; // the luck measured so far (all of it once `complete`)
  skill: Partial<Record<Side, string | null>>;
  ranked: boolean; // every play ranked (the first pass): the graph, marks, error rates and skill are whole
  luck_done: number; // the plays whose roll's luck is measured (the second pass)
  luck_turns: number; // the plays in all
  rollable: boolean; // the shown turn may be rolled out: every play ranked, a play with a choice (rollouts.py `rollable`)
  rollout?: ReviewRollout; // the shown turn rolled out, once asked for (web/worker/rollouts.py)
}

/** A reviewed turn's plays rolled out (the play made and the roll's best): as the hint's. */
export interface ReviewRollout extends HintRollout {
  turn: number;
}

/** A key of web/i18n's msg.* and its arguments. */
export interface Message {
  key: string;
  args?: Record<string, unknown>;
}

export interface Settings {
  variant: string;
  match_length: number;
  opponent: string;
  level?: string;
  seat?: Side;
}

export interface Prefs {
  lang: string;
  auto_roll: boolean;
  auto_confirm: boolean;
  auto_forced: boolean;
  flip: boolean;
  turn_board: boolean;
  coach: boolean;
  sound: boolean; // the page's sounds (web/page/sound.js)
  auto_bear_off: boolean; // the rest of a turn that can only bear off is played at once
}

/** A game by link (web/worker/linkgame.py view). */
export interface LinkView {
  gid: string;
  me: Side;
  seq: number;
  waiting: boolean;
  asked: boolean;
  /** this side will not double at its next turn: the other's next link brings its dice */
  declared: boolean;
  /** the person may keep the cube for their next turn (that turn then takes one more link) */
  hold_offered: boolean;
  hold: boolean;
  over: boolean;
  url: string | null;
}

export interface EditorProblem {
  key: string;
  args?: Record<string, unknown>;
}

/** The position editor's form (web/worker/editor.py Editor.view). */
export interface EditorForm {
  tool: string;
  variant: string;
  token: string;
  turn: Side;
  dice: string;
  cube: number;
  owner: string; // "", "w" or "b"
  cube_values: number[];
  length: number;
  score: number[];
  crawford: boolean;
  opponent: string;
  text: string;
  problems: EditorProblem[];
  valid: boolean;
  fragment: string | null;
}

/** An arrow on the board: a step of the last confirmed turn, or of the hint's play shown. */
export interface Arrow {
  from: PointId;
  to: PointId;
  kind: "last" | "hint";
  side: Side; // whose checker moves
}

/**
 * What the board draws (web/page/board/board.js), and all it reads: viewmodel.py's BoardView,
 * field for field. The engine sends it inside every view; <nard-board> builds one of its own
 * (embed.js boardView).
 */
export interface BoardView {
  variant: string;
  token: string;
  options: string[];
  cube_limit: number;
  cube_face: number;
  geometry: "same" | "opposite";
  numbering: number[]; // index p, a point in White's numbering, holds Black's number for it
  position: string;
  phase: string; // "opening", "roll", "cube", "move", "take", "resign", "over"; "edit" in the editor
  turn: Side;
  to_act: Side | null;
  checkers: Checker[];
  points: Record<PointId, PointInfo>;
  movable: PointId[];
  selected: PointId | null;
  destinations: PointId[];
  dice: Die[];
  dice_text: string;
  opening_dice: Record<Side, number> | null;
  cube: Cube;
  flipped: boolean; // drawn from Black's side: Black's numbering, Black at the bottom
  arrows: Arrow[]; // the last move's steps, then the shown hint's (none in the editor)
}

/** What is painted before the engine answers: the board and the players beside it. */
export interface FirstView extends BoardView {
  screen?: string;
  players?: Partial<Record<Side, Player>>;
  match?: MatchView | null;
  can?: Partial<Can>;
  last?: LastMove | null;
}

/** The whole view model: presenter.view, or presenter.editor_view while editing. */
export interface View extends FirstView {
  schema: number;
  screen: "setup" | "board";
  can: Can;
  players: Record<Side, Player>;
  match: MatchView | null;
  result: Record<string, unknown> | null;
  last: LastMove | null;
  hint: Hint | null;
  record: RecordEntry[];
  replay: Replay | null;
  resign: Resign | null;
  review: Review | null;
  message: Message | null;
  settings: Settings;
  prefs: Prefs;
  bot_pending: boolean;
  dice_source: string | null;
  link: LinkView | null;
  editor: EditorForm | null;
}

/** What the Games screen lists of a game, kept beside its save (saves.library_entry). */
export interface LibraryEntry {
  id: string;
  variant: string;
  token: string;
  opponent: string;
  level: string;
  seat: Side;
  match_length: number;
  score: number[];
  position: string;
  phase: string;
  over: boolean;
  winner: Side | null;
  started: boolean;
  link: { gid: string; side: Side } | null;
  result?: { points: number; kind: string } | null; // a single game's end (older entries lack it)
}

/** The links and files the Share dialog offers (all optional: the editor's set-up has fewer). */
export interface ShareLinks {
  game?: string; // URL fragments
  position?: string;
  gnubg?: string;
  xgid?: string;
  record?: string; // a <nard-board> record
  svg?: string;
  mat?: string;
}

/** The answer to every intent (web/worker/ui.py dispatch), or {error} when it failed. */
export interface Answer {
  view: View;
  save: string;
  entry: LibraryEntry;
  url?: string;
  set_aside?: string;
  share?: ShareLinks;
  error?: string;
}

export interface VariantEntry {
  name: string;
  title: string;
  options: string[];
  cube: boolean;
  cube_limits: number[];
  default_cube_limit: number;
  match_lengths: number[];
  default_match_length: number;
  fixed_match_length: number | null;
}

export interface Language {
  code: string;
  name: string;
}

/** The games, their options, lengths and cube limits, the levels and languages (presenter.catalogue). */
export interface Catalogue {
  variants?: VariantEntry[];
  languages?: Language[];
  levels?: string[];
  /** per game, each level's share of the points (%) against the level below it */
  level_shares?: Record<string, Record<string, number>>;
}

/** The engine's answer to {"type": "hello"} (web/worker/engine.py hello). */
export interface Hello {
  ready: boolean;
  python: string;
  platform: string;
  position: string;
  ui: boolean;
  boot: string | null;
  catalogue: Catalogue;
}
