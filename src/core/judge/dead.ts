import { threeDeadRule } from '../deadHands';
import type { DeadCause, GameEvent } from '../events';
import { RuleCode } from '../errors';
import { err, ok } from '../result';
import type { Seat } from '../seats';
import type { Challenge, DeadHand, GameState, MahjongError } from '../state';
import { checkSeat, closeWindow, fail, isDead, name, nextLive, type Step } from './common';

/**
 * Dead hands and challenges (RULES §7, §8.4): a hand called dead, a challenge disputed or settled,
 * and three dead hands ending the game.
 *
 * - Challenges (§7.3): `dead {seat, by}` = dead now (agreed or obvious), no penalty;
 *   `dead {seat, by, disputed: true}` = disputed, she plays on (SILENT default), settle later;
 *   `dead {seat, by, upheld: true|false}` settles it, also after the game's end: whoever was wrong
 *   pays; `upheld: false` with no dispute before = the challenger admits. A dispute still open at
 *   the end pays nothing. The bettor has no seat, so a bettor's challenge cannot be recorded.
 * - Three dead (§8.4): counted at each new dead hand (two in a 3-player game, §3.8). (b) = a second
 *   exposed mah jongg in error makes the third; its value is the erring hand's `mahjongInError.value`
 *   (under `survivorHand`, that event's `survivorValue`); (c) = the first
 *   dead erred, the other two threw in; (d) = `dead {cause: 'broke-wall'}` after an exposed mah jongg
 *   in error: the breaker pays the live players; (e) otherwise.
 */

export const deadEvent = (s: GameState, e: Extract<GameEvent, { type: 'dead' }>, index: number): Step => {
  const { seat, by } = e;
  if (by !== undefined) {
    const bad = checkSeat(s, by, 'challenger');
    if (bad) return err(bad);
    if (by === seat) return fail(RuleCode.Challenge, `${name(seat)} cannot challenge her own hand`);
  }
  if (e.cause !== undefined && typeof e.cause !== 'string') return fail(RuleCode.BadEvent, 'A dead cause must be a word');
  const pendingAt =
    by === undefined ? -1 : s.challenges.findIndex((c) => c.status === 'disputed' && c.challenger === by && c.challenged === seat);
  const settle = (status: Challenge['status']): Challenge[] =>
    pendingAt >= 0
      ? s.challenges.map((c, i) => (i === pendingAt ? { ...c, status, eventIndex: index } : c))
      : [...s.challenges, { challenger: by!, challenged: seat, status, eventIndex: index }];

  if (e.disputed === true) {
    if (by === undefined) return fail(RuleCode.Challenge, 'A disputed challenge needs the challenger (by)');
    if (s.status !== 'in-progress') return fail(RuleCode.GameOver, 'The game is over: settle the challenge with upheld true or false');
    if (isDead(s, seat)) return fail(RuleCode.AlreadyDead, `${name(seat)}'s hand is already dead`);
    if (pendingAt >= 0) return fail(RuleCode.Challenge, `${name(by)}'s challenge of ${name(seat)} is already disputed`);
    return ok({ ...s, challenges: [...s.challenges, { challenger: by, challenged: seat, status: 'disputed', eventIndex: index }] });
  }
  if (e.upheld === false) {
    // The challenger was wrong (found at the end, or she admits now): she pays (§7.3).
    if (by === undefined) return fail(RuleCode.Challenge, 'A challenge found wrong needs the challenger (by)');
    let next: GameState = { ...s, challenges: settle('wrong') };
    if (s.setup.rules.wrongChallengerDead && s.status === 'in-progress' && !isDead(s, by))
      next = kill(next, by, { cause: 'challenge', eventIndex: index }, index);
    return ok(next);
  }
  // Dead now. A disputed challenge found right: the challenged pays.
  const upheldDispute = pendingAt >= 0 || (e.upheld === true && s.status !== 'in-progress');
  if (isDead(s, seat) && !(upheldDispute && by !== undefined)) return fail(RuleCode.AlreadyDead, `${name(seat)}'s hand is already dead`);
  if (e.cause === 'broke-wall') return brokeWall(s, seat, index);
  let next: GameState = by !== undefined && upheldDispute ? { ...s, challenges: settle('upheld') } : s;
  if (!isDead(s, seat)) {
    if (s.status !== 'in-progress')
      next = { ...next, dead: { ...next.dead, [seat]: { ...(e.cause ? { cause: e.cause } : {}), by, eventIndex: index } } };
    else next = kill(next, seat, { ...(e.cause ? { cause: e.cause } : {}), ...(by ? { by } : {}), eventIndex: index }, index);
  }
  return ok(next);
};

/**
 * Causes that are her own exposure (D3, D4, D5, D11): the tiles exposed in the act that killed the
 * hand go back into her rack, and their jokers cannot be redeemed (§6.2); earlier exposures stay
 * (§7.2). The record does not say which exposure was wrong: her latest one is taken.
 */
export const OWN_EXPOSURE_CAUSES: ReadonlySet<DeadCause> = new Set<DeadCause>([
  'incorrect-exposure',
  'concealed-exposure',
  'wrong-discard-exposed',
  'invalid-claim-exposure',
]);

/** Make a hand dead during play: she skips her turns; if it was her turn, play goes to her right (§4.7, §7.2). */
export const kill = (s: GameState, seat: Seat, dying: DeadHand, index: number): GameState => {
  let hand = dying;
  let exposures = s.exposures;
  const mine = s.exposures[seat];
  if (hand.cause !== undefined && OWN_EXPOSURE_CAUSES.has(hand.cause) && mine.length > 0) {
    const latest = mine.reduce((a, b) => (b.eventIndex > a.eventIndex ? b : a));
    hand = { ...hand, returned: latest };
    exposures = { ...s.exposures, [seat]: mine.filter((x) => x !== latest) };
  }
  const dead = { ...s.dead, [seat]: hand };
  let next: GameState = { ...s, dead, exposures };
  if (s.turn === seat) {
    next = { ...next, turn: nextLive(next, seat), picked: false, drew: false, exchangedThisTurn: false };
    if (s.pendingClaim?.winner.seat === seat) next = { ...next, pendingClaim: null };
  }
  return checkThreeDead(next, index);
};

/** Rule (d) of §8.4: someone breaks the wall before a mah jongg in error was checked. */
export const brokeWall = (s: GameState, seat: Seat, index: number): Step => {
  const erring = s.mahjongErrors.filter((m) => m.exposed);
  if (erring.length === 0) return fail(RuleCode.BadEvent, 'Breaking the wall is settled (rule d) only after a mah jongg in error');
  const dead = { ...s.dead, [seat]: { cause: 'broke-wall' as DeadCause, eventIndex: index } };
  const payees = s.seats.filter((x) => dead[x] === null);
  return ok({
    ...s,
    dead,
    status: 'three-dead',
    threeDead: { rule: 'd', payer: seat, payees },
    ...closeWindow(s, `${name(seat)} broke the wall`),
  });
};

/**
 * Three dead under rule (b) or (c) pays by a hand's value (§8.4): when the record lacks it, the
 * event that ends the game is refused with a question naming whose hand is missing, rather than
 * ending the game with no payments and no word.
 */
export const unvaluedThreeDead = (before: GameState, after: GameState): Step | null => {
  const t = after.threeDead;
  if (
    before.status !== 'in-progress' ||
    after.status !== 'three-dead' ||
    !t ||
    (t.rule !== 'b' && t.rule !== 'c') ||
    t.value !== undefined ||
    !t.payer
  )
    return null;
  const count = after.seats.length === 3 ? 'Two' : 'Three';
  const payer = name(t.payer);
  const live = t.payees.map(name).join(' and ');
  // The question first: at the table the sentence may be cut after two lines.
  if (t.rule === 'c')
    return fail(
      RuleCode.ThreeDeadValue,
      `What was ${payer}'s hand worth? ${count} hands are dead: ${payer} erred first and pays ${live} twice that (rule c). Give it on her mah jongg in error.`,
    );
  if (after.setup.rules.rule_b_value === 'survivorHand')
    return fail(
      RuleCode.ThreeDeadValue,
      `What was ${live}'s hand worth? ${count} hands are dead: ${payer}'s mah jongg in error pays ${live} twice that (rule b, survivor's hand). Give it on ${payer}'s mah jongg in error.`,
    );
  return fail(
    RuleCode.ThreeDeadValue,
    `What was ${payer}'s hand worth? ${count} hands are dead: her mah jongg in error pays ${live} twice that (rule b). Give it on that mah jongg in error.`,
  );
};

/** Three dead (two in a 3-player game) ends the game (§8.4, §3.8), settled by rule (b), (c) or (e). */
export const checkThreeDead = (s: GameState, _index: number): GameState => {
  if (s.status !== 'in-progress') return s;
  const lastError = (seat: Seat): MahjongError | undefined => [...s.mahjongErrors].reverse().find((m) => m.seat === seat);
  const found = threeDeadRule(s.seats, s.dead, (seat) => lastError(seat)?.value);
  if (!found) return s;
  // §8.4(b) CONFLICT: under `survivorHand` the declarer pays 2 x the survivor's hand, which the
  // erring event records as `survivorValue`.
  const survivorValue = found.rule === 'b' && found.payer ? lastError(found.payer)?.survivorValue : undefined;
  const threeDead =
    found.rule === 'b' && s.setup.rules.rule_b_value === 'survivorHand'
      ? { rule: found.rule, payer: found.payer, payees: found.payees, ...(survivorValue !== undefined ? { value: survivorValue } : {}) }
      : found;
  return {
    ...s,
    status: 'three-dead',
    threeDead,
    live: s.live ? { ...s.live, window: 'closed', claimable: false, closedBy: 'three hands are dead' } : null,
  };
};
