/**
 * Allowlist and blocklist rules share one shape (docs/pbx/configuration.md#allowlist-and-blocklist): a name
 * unique within its list, a communication type and `&`-separated numbers.
 */
import { duplicateKey, notFound } from '../sim-errors.js';
import { nextId } from './sim-resource.js';

/** A rule as allow_numbers/query answers it. */
export interface NumberRule {
  id: number;
  name: string;
  limit_type: string;
  number_list: string;
}

/** One list of number rules. */
export class NumberRuleStore {
  private rules = new Map<number, NumberRule>();

  constructor(
    private readonly source: string,
    private readonly seed: readonly NumberRule[],
  ) {
    this.reset();
  }

  reset(): void {
    this.rules = new Map(this.seed.map((rule) => [rule.id, { ...rule }]));
  }

  /** Adds a rule; 40003 when the name is taken. */
  create(params: Record<string, unknown>): { id: number } {
    const name = String(params['name']);
    const taken = [...this.rules.values()].find((rule) => rule.name === name);
    if (taken)
      throw duplicateKey([
        { field: 'name', value: name, external_source: this.source, external_source_name: taken.name },
      ]);
    const id = nextId(this.rules.keys());
    this.rules.set(id, {
      id,
      name,
      limit_type: String(params['limit_type']),
      number_list: String(params['number_list']),
    });
    return { id };
  }

  /** Every rule, by id. */
  all(): NumberRule[] {
    return [...this.rules.values()].map((rule) => ({ ...rule }));
  }

  /** Removes a rule; 40004 naming `id` when there is none (deleting twice fails the second time). */
  delete(id: number): void {
    if (!this.rules.delete(id))
      throw notFound('id', id, 'unknown_rule', `no ${this.source} rule has this id`);
  }

  /** Rules with these ids, in the order asked; unknown ids are left out. */
  query(ids: number[]): NumberRule[] {
    return ids.flatMap((id) => {
      const rule = this.rules.get(id);
      return rule ? [{ ...rule }] : [];
    });
  }
}
