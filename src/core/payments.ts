import type { GameOutcome } from './outcome';
import type { HouseRules } from './rules';
import { SEAT_NAMES, type Seat } from './seats';

/**
 * Who pays whom at the end of a game (RULES §9, §7.3, §8.4), before any pie cap.
 * `'bettor'` is the fifth player sitting out (§9.3).
 */
export type Payer = Seat | 'bettor';
export interface Payment {
  from: Payer;
  to: Payer;
  points: number;
  /** A sentence for the payout sheet. */
  reason: string;
}

export interface PaymentContext {
  /** A fifth player sits out as the bettor this game. */
  bettor?: boolean;
  rules: HouseRules;
}

const who = (p: Payer): string => (p === 'bettor' ? 'The bettor' : SEAT_NAMES[p]);

/** B of RULES §9.2: 2 for a jokerless hand, except Singles & Pairs and (by default) Quints. */
export const jokerlessFactor = (o: Pick<GameOutcome, 'jokerless' | 'category'>, rules: HouseRules): 1 | 2 => {
  if (!o.jokerless) return 1;
  if (o.category === 'singles-pairs') return 1;
  if (o.category === 'quints' && rules.jokerlessExcludesQuints) return 1;
  return 2;
};

/** The house-rule switch that must be on for a "pay for the party" reason to count (§9.5). */
const HOUSE_4X: Partial<Record<NonNullable<GameOutcome['soleDiscarderPays']>, keyof HouseRules>> = {
  'pay-for-the-party': 'payForTheParty',
  'hot-tile': 'hotTilePenalty',
  'three-exposures': 'threeExposuresPayForTheParty',
};

const SOLE_REASON: Record<NonNullable<GameOutcome['soleDiscarderPays']>, string> = {
  'out-of-turn': 'discarded out of turn',
  misnamed: 'misnamed the discard',
  'pay-for-the-party': "threw the winning tile on East's last wall (pay for the party)",
  'hot-tile': 'threw a hot tile (pay for the party)',
  'three-exposures': 'threw into three exposures (pay for the party)',
};

/** Who alone pays 4x this game, if anyone, and why (RULES §9.1 rows 3-5, §9.5). */
const soleOffender = (o: GameOutcome, rules: HouseRules): { seat: Seat; why: string; house: boolean } | null => {
  if (o.wrongWallPusher) return { seat: o.wrongWallPusher, why: 'pushed out the wrong wall', house: false };
  const kind = o.soleDiscarderPays;
  if (!kind || !o.discarder) return null;
  const sw = HOUSE_4X[kind];
  if (sw && rules[sw] !== true) return null; // the house rule is off: an ordinary discard win
  return { seat: o.discarder, why: SOLE_REASON[kind], house: sw !== undefined };
};

/**
 * The payments of one game. A game still in progress pays only its settled challenges; hand
 * payments need an ending. Payments always sum to zero.
 */
export const payments = (outcome: GameOutcome, ctx: PaymentContext): Payment[] => {
  const { rules } = ctx;
  const out: Payment[] = [];
  const pay = (from: Payer, to: Payer, points: number, reason: string): void => {
    if (points > 0 && from !== to) out.push({ from, to, points, reason });
  };

  if (outcome.status === 'mahjong' && outcome.winner && outcome.value !== undefined) {
    mahjongPayments(outcome, outcome.winner, outcome.value, ctx, pay);
  } else if (outcome.status === 'three-dead' && outcome.threeDead) {
    threeDeadPayments(outcome.threeDead, rules, pay);
  } else if (outcome.status === 'wall' && ctx.bettor === true && outcome.betOn === 'wall' && rules.betOnWallGame) {
    // House rule (the rules are silent): the bettor who bet on a wall game is paid by everyone at the table.
    for (const s of outcome.seats) pay(s, 'bettor', WALL_BET, `Bettor bet on a wall game: ${who(s)} pays her ${WALL_BET}`);
  }
  // Otherwise a wall game (§8.3) and a game in progress: no hand payments.

  // Settled challenges pay whatever the ending, even mid-game (a challenger who admits at once
  // pays now, §7.3); the reducer leaves disputed ones out until they are settled.
  for (const c of outcome.challenges) {
    pay(
      c.payer,
      c.payee,
      rules.challengePenalty,
      `${who(c.payer)} was wrong about the challenge (${who(c.challenger)} challenged ${who(c.challenged)}): pays ${rules.challengePenalty}`,
    );
  }
  return out;
};

type Pay = (from: Payer, to: Payer, points: number, reason: string) => void;

/**
 * What each player pays a bettor whose bet on a wall game came true (`betOnWallGame`): the
 * value of the card's cheapest hand, as if she had won on it from a non-discarder (ASSUMPTION:
 * the rules are silent; docs/rules.md).
 */
export const WALL_BET = 25;

const mahjongPayments = (o: GameOutcome, winner: Seat, value: number, ctx: PaymentContext, pay: Pay): void => {
  const { rules } = ctx;
  const B = jokerlessFactor(o, rules);
  const bonus = B === 2 ? ' (jokerless: doubled)' : '';
  const losers = o.seats.filter((s) => s !== winner);
  const backed = ctx.bettor === true && o.betOn === winner;
  const W = SEAT_NAMES[winner];

  const sole = soleOffender(o, rules);
  if (sole) {
    // §9.1 rows 3-5: one offender pays 4x alone. B applies per `penalty4xUsesB`; the house
    // "pay for the party" rules are 4·V·B by definition (§9.5).
    const f = sole.house || rules.penalty4xUsesB ? B : 1;
    const amount = 4 * value * f;
    const calc = f === 2 ? `4 x ${value} x 2` : `4 x ${value}`;
    pay(sole.seat, winner, amount, `${who(sole.seat)} ${sole.why}: pays ${W} ${calc} alone${bonus}`);
    if (backed) pay(sole.seat, 'bettor', amount, `Bettor backed ${W}: ${who(sole.seat)} pays her ${amount} too`);
    else bettorLoses(o, ctx, winner, value * B, pay);
    return;
  }

  const selfPick = o.selfPick === true || o.discarder === undefined;
  for (const s of losers) {
    let points: number;
    let reason: string;
    if (selfPick) {
      points = 2 * value * B;
      reason = `${W} won by self-pick: ${who(s)} pays 2 x ${value}${bonus}${deadNote(o, s)}`;
    } else if (s === o.discarder) {
      points = 2 * value * B;
      reason = `${who(s)} threw the winning tile: 2 x ${value}${bonus}`;
    } else {
      points = value * B;
      reason = `${W} won on ${who(o.discarder!)}'s discard: ${who(s)} pays ${value}${bonus}${deadNote(o, s)}`;
    }
    pay(s, winner, points, reason);
    if (backed) pay(s, 'bettor', points, `Bettor backed ${W}: ${who(s)} pays her ${points} too`);
  }
  if (!backed) bettorLoses(o, ctx, winner, (selfPick ? 2 : 1) * value * B, pay);
};

const deadNote = (o: GameOutcome, s: Seat): string => (o.dead.includes(s) ? ' (dead hands still pay)' : '');

/**
 * §9.3: a bettor who backed someone else or forgot to bet pays the winner what a non-discarder
 * pays (`bettorLosingPays`). In the 4x rows nobody but the offender pays, so she pays V·B,
 * the ordinary non-discarder rate of a discard win (ASSUMPTION, docs/rules.md).
 */
const bettorLoses = (o: GameOutcome, ctx: PaymentContext, winner: Seat, rate: number, pay: Pay): void => {
  if (ctx.bettor !== true || ctx.rules.bettorLosingPays === 'nothing') return;
  const why = o.betOn === undefined ? 'forgot to bet' : o.betOn === 'wall' ? 'bet on a wall game' : `backed ${SEAT_NAMES[o.betOn]}`;
  pay('bettor', winner, rate, `Bettor ${why}: pays ${SEAT_NAMES[winner]} ${rate}`);
};

const threeDeadPayments = (t: NonNullable<GameOutcome['threeDead']>, rules: HouseRules, pay: Pay): void => {
  if (t.rule === 'e' || !t.payer) return; // §8.4(e): no payments, redeal
  if (t.rule === 'b' || t.rule === 'c') {
    const v = t.value ?? 0;
    for (const p of t.payees)
      pay(t.payer, p, 2 * v, `Three dead, rule (${t.rule}): ${who(t.payer)} declared in error and pays ${who(p)} 2 x ${v}`);
    return;
  }
  // (d): the wall-breaker pays 25 to each survivor, or 25 shared (remainder to the first).
  if (rules.threeDeadRuleD === '25each') {
    for (const p of t.payees) pay(t.payer, p, 25, `Three dead, rule (d): ${who(t.payer)} broke the wall: pays ${who(p)} 25`);
  } else {
    const n = t.payees.length;
    t.payees.forEach((p, i) => {
      const share = Math.floor(25 / n) + (i < 25 % n ? 1 : 0);
      pay(t.payer!, p, share, `Three dead, rule (d): ${who(t.payer!)} broke the wall: 25 shared, ${share} to ${who(p)}`);
    });
  }
};
