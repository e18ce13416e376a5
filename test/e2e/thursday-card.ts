/** The small card the Cards e2e tests type and play with: five hands, a concealed one among them. */
export const THURSDAY_CARD = [
  'card "Thursday table" year=2026',
  'section "2026"',
  '25 X FF 2026a 2222b 2222c',
  'section "Like numbers"',
  '30 X FFF 5555a 555b 5555c',
  'section "Run"',
  '25 X any FFF 1111a 2222a 333a',
  '35 C 11a 222a 3333a 444a 55a',
  'section "Winds"',
  '40 X any FFF NNNN 5555a SSS',
];
