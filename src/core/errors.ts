/**
 * Why the game reducer refused an event. `message` is a sentence a player understands,
 * with seat names and tile names ("West cannot call a joker"); `code` is stable for tests/UI.
 */
export enum RuleCode {
  BadEvent = 'ERR_BAD_EVENT',
  GameOver = 'ERR_GAME_OVER',
  NoSuchSeat = 'ERR_NO_SUCH_SEAT',
  NotYourTurn = 'ERR_NOT_YOUR_TURN',
  DeadPlayer = 'ERR_DEAD_PLAYER',
  NotOpened = 'ERR_NOT_OPENED',
  AlreadyPicked = 'ERR_ALREADY_PICKED',
  NotPicked = 'ERR_NOT_PICKED',
  WallEmpty = 'ERR_WALL_EMPTY',
  WallNotEmpty = 'ERR_WALL_NOT_EMPTY',
  NoDiscard = 'ERR_NO_DISCARD',
  WindowClosed = 'ERR_WINDOW_CLOSED',
  CallJoker = 'ERR_CALL_JOKER',
  OwnDiscard = 'ERR_OWN_DISCARD',
  BeforePick = 'ERR_DISCARD_BEFORE_PICK',
  BadExposure = 'ERR_BAD_EXPOSURE',
  Misnamed = 'ERR_MISNAMED',
  LastWall = 'ERR_LAST_WALL',
  ClaimPending = 'ERR_CLAIM_PENDING',
  AlreadyClaimed = 'ERR_ALREADY_CLAIMED',
  NoJoker = 'ERR_NO_JOKER',
  ExchangeJoker = 'ERR_EXCHANGE_JOKER',
  NoBettor = 'ERR_NO_BETTOR',
  Bet = 'ERR_BET',
  AlreadyDead = 'ERR_ALREADY_DEAD',
  Challenge = 'ERR_CHALLENGE',
  MahjongHow = 'ERR_MAHJONG_HOW',
  MahjongContradiction = 'ERR_MAHJONG_CONTRADICTION',
  Jokerless = 'ERR_JOKERLESS',
  Special = 'ERR_SPECIAL',
  WrongWall = 'ERR_WRONG_WALL',
  NothingToRetract = 'ERR_NOTHING_TO_RETRACT',
  TooManyCopies = 'ERR_TOO_MANY_COPIES',
  ThreeDeadValue = 'ERR_THREE_DEAD_VALUE',
}

export interface RuleError {
  code: RuleCode;
  message: string;
}

export const ruleError = (code: RuleCode, message: string): RuleError => ({ code, message });
