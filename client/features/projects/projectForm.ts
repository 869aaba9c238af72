/**
 * The post-a-project form: title, description and location required; budget (SAR, 0.01
 * steps, Western or Arabic-Indic digits), deadline date and, optionally, its time in
 * Riyadh (without one, bids are taken to the end of that day), the last day of questions
 * (to the end of that day in Riyadh, before the deadline day) and requirements optional;
 * one envelope or two (technical, then financial) and, optionally, the bid bond asked of
 * every bidder as a percent of their amount; checked by the shared schema the server
 * parses too.
 */
import { projectCreateSchema } from '../../../shared/schemas/project';
import { riyadhDayEnd, riyadhMoment } from '../../../shared/riyadh';
import type { KeysUnder } from '../../i18n/keys';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';

export const PROJECT_FIELDS = ['title', 'description', 'location', 'budget', 'deadline_date', 'deadline_time', 'questions_until', 'requirements', 'envelopes', 'bid_bond_percent'] as const;
type ProjectField = (typeof PROJECT_FIELDS)[number];
export type ProjectValues = Record<ProjectField, string>;
/** The message keys of the projects forms (projects:errors, the shared ones among them). */
export type ProjectsFormError = KeysUnder<'projects', 'errors'>;
export type ProjectErrors = FieldErrors<ProjectField, ProjectsFormError>;

export interface ProjectInput {
  title: string;
  description: string;
  location: string;
  budget: number | null;
  /** the deadline to the minute when a time was given, else null and deadline_date is the whole day */
  deadline_at: string | null;
  deadline_date: string | null;
  questions_until: string | null;
  requirements: string;
  /** 2: the technical envelopes are opened and evaluated first, the financial ones of those who passed after */
  envelopes: 1 | 2;
  /** the bid bond asked of every bidder, in percent of the amount; null: none */
  bid_bond_percent: number | null;
}

export const emptyProject = (): ProjectValues => ({ title: '', description: '', location: '', budget: '', deadline_date: '', deadline_time: '', questions_until: '', requirements: '', envelopes: '1', bid_bond_percent: '' });

/** Field errors (message keys of projects:errors) and the input when valid. */
export function validateProject(values: ProjectValues): { errors: ProjectErrors; input?: ProjectInput } {
  const input = {
    title: values.title,
    description: values.description,
    location: values.location,
    budget: parseNumber(values.budget),
    // A time makes the deadline that minute in Riyadh; a date alone, the end of that day.
    deadline_at: values.deadline_date && values.deadline_time ? riyadhMoment(values.deadline_date, values.deadline_time).toISOString() : null,
    deadline_date: values.deadline_date && !values.deadline_time ? values.deadline_date : null,
    // Questions close at the end of their day in Riyadh, as bids do at the end of theirs.
    questions_until: values.questions_until ? riyadhDayEnd(values.questions_until).toISOString() : null,
    requirements: values.requirements,
    envelopes: values.envelopes === '2' ? (2 as const) : (1 as const),
    bid_bond_percent: parseNumber(values.bid_bond_percent),
  };
  if (values.deadline_time && !values.deadline_date) return { errors: { deadline_date: 'deadlineDayNeeded' } };
  if (input.deadline_at && Date.parse(input.deadline_at) <= Date.now()) return { errors: { deadline_time: 'deadlinePast' } };
  // The server refuses a last day of questions that is not before the deadline day (both YYYY-MM-DD).
  if (values.questions_until && values.deadline_date && values.questions_until >= values.deadline_date) {
    return { errors: { questions_until: 'questionsAfterDeadline' } };
  }
  const result = projectCreateSchema.safeParse(input);
  if (result.success) return { errors: {}, input };
  return {
    errors: issuesToErrors(result.error.issues, PROJECT_FIELDS, {
      blank: (f) => values[f].trim() === '',
      fallback: { budget: 'amount', bid_bond_percent: 'bondPercent' },
    }),
  };
}
