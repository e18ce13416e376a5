import { correctionsOf, endingSentence, revisionOf, type Correction, type Revision } from '../../../src/core/correction';
import { gameSetupOf } from '../../../src/core/gameSetup';
import { rulesOf, type TableRecord } from '../../../src/core/record';
import type { Ledger, LedgerGame } from '../../../src/shared/contract/session';

/**
 * The corrections of a record's confirmed games and its revision, from the amendments the record
 * carries: a stored session and the same session imported from its record have the same revision.
 */
export const recordRevision = (
  record: TableRecord,
  games: readonly Pick<LedgerGame, 'seating' | 'bettor'>[],
): { revision: Revision; corrections: Correction[] } => {
  const rules = rulesOf(record);
  const trails = record.games.flatMap((g, i) =>
    g.amendments?.length && games[i]
      ? [
          {
            number: i + 1,
            events: g.events,
            amendments: g.amendments,
            setup: gameSetupOf({ seating: games[i]!.seating, bettor: games[i]!.bettor, dice: g.dice }, rules),
          },
        ]
      : [],
  );
  const corrections = correctionsOf(trails);
  return { revision: revisionOf(corrections), corrections };
};

/** The ledger's revision and corrections list, each ending said with that game's names. */
export const ledgerRevision = (record: TableRecord, games: readonly LedgerGame[]): Pick<Ledger, 'revision' | 'corrections'> => {
  const { revision, corrections } = recordRevision(record, games);
  return {
    revision,
    corrections: corrections.map((c) => {
      const seating = games[c.game - 1]?.seating ?? {};
      return { game: c.game, when: c.when, was: endingSentence(c.was, seating), now: endingSentence(c.became, seating) };
    }),
  };
};
