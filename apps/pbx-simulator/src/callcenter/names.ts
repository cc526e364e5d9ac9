import type { SeededRandom } from '../support/seeded-random.js';

// Invented names; combinations are drawn from the seed.
// prettier-ignore
const FIRST_NAMES = [
  'Ada', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Liam',
  'Maya', 'Noah', 'Olga', 'Pablo', 'Qiu', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wen', 'Ximena',
  'Yusuf', 'Zoe', 'Anton', 'Bianca', 'Chidi', 'Dana', 'Emil', 'Fatima', 'Gino', 'Hana', 'Ivan', 'Julia',
  'Kofi', 'Lena', 'Marek', 'Nadia', 'Oscar', 'Priya', 'Rafael', 'Sofia', 'Tomas', 'Uma', 'Viktor', 'Yara',
] as const;

// prettier-ignore
const LAST_NAMES = [
  'Abbott', 'Bauer', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quinn', 'Rossi', 'Silva', 'Tanaka',
  'Ueda', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zhang', 'Alvarez', 'Brennan', 'Costa', 'Dalton', 'Engel',
  'Ferreira', 'Gruber', 'Horvat', 'Ivanova', 'Kaur', 'Larsen', 'Mendes', 'Novak', 'Oliveira', 'Park',
  'Reyes', 'Schmidt', 'Torres', 'Urban', 'Vogel', 'Walsh', 'Young',
] as const;

// prettier-ignore
const QUEUE_NAMES = [
  'Sales', 'Support', 'Billing', 'Retention', 'Onboarding', 'Technical', 'Claims', 'Renewals', 'Partners',
  'VIP',
] as const;

// prettier-ignore
const CONFERENCE_NAMES = [
  'All hands', 'Team leads', 'Escalations', 'Daily standup', 'Quality review', 'Workforce planning',
] as const;

const TRUNK_NAMES = ['carrier-east', 'carrier-west', 'peer-to-41', 'sip-backup'] as const;

/** A person's name drawn from the seed. */
export function personName(rng: SeededRandom): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** Queue name by position: the ten base names, then the same names numbered (`Support 2`). */
export function queueName(index: number): string {
  const round = Math.floor(index / QUEUE_NAMES.length);
  const name = QUEUE_NAMES[index % QUEUE_NAMES.length] as string;
  return round === 0 ? name : `${name} ${round + 1}`;
}

/** Conference name by position. */
export function conferenceName(index: number): string {
  const round = Math.floor(index / CONFERENCE_NAMES.length);
  const name = CONFERENCE_NAMES[index % CONFERENCE_NAMES.length] as string;
  return round === 0 ? name : `${name} ${round + 1}`;
}

/** Trunk name by position. */
export function trunkName(index: number): string {
  return TRUNK_NAMES[index] ?? `carrier-${index + 1}`;
}
