import { OFFICIAL_RULES, RULE_NAMES, type HouseRules } from '../../../core/rules';
import { RULE_CHOICES, RULE_LINES } from '../../screens/Setup/rules-text';

/**
 * The house rules that differ from the official ones, each said in words as the setup says it
 * ("A wrong challenger’s own hand becomes dead."), never by its switch name.
 */
export const houseRuleWords = (rules: HouseRules): string[] =>
  (Object.keys(OFFICIAL_RULES) as (keyof HouseRules)[])
    .filter((k) => rules[k] !== OFFICIAL_RULES[k])
    .map((k) => {
      const line = RULE_LINES.find((r) => r.key === k);
      if (line) return rules[k] === true ? line.line : `No ${RULE_NAMES[k].charAt(0).toLowerCase()}${RULE_NAMES[k].slice(1)}.`;
      const choice = RULE_CHOICES.find((r) => r.key === k);
      const option = choice?.options.find((o) => o.value === rules[k]);
      if (choice && option) return `${choice.label} ${option.line.replace(' (default)', '')}.`;
      return `A house rule differs from the official one (${String(rules[k])}).`;
    });
