/**
 * The post-a-project form: title, description and location required; budget (SAR, 0.01
 * steps, Western or Arabic-Indic digits), deadline date and requirements optional;
 * checked by the shared schema the server parses too.
 */
import { projectCreateSchema } from '../../../shared/schemas/project';
import type { KeysUnder } from '../../i18n/keys';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';

export const PROJECT_FIELDS = ['title', 'description', 'location', 'budget', 'deadline_date', 'requirements'] as const;
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
  deadline_date: string | null;
  requirements: string;
}

export const emptyProject = (): ProjectValues => ({ title: '', description: '', location: '', budget: '', deadline_date: '', requirements: '' });

/** Field errors (message keys of projects:errors) and the input when valid. */
export function validateProject(values: ProjectValues): { errors: ProjectErrors; input?: ProjectInput } {
  const input = {
    title: values.title,
    description: values.description,
    location: values.location,
    budget: parseNumber(values.budget),
    deadline_date: values.deadline_date || null,
    requirements: values.requirements,
  };
  const result = projectCreateSchema.safeParse(input);
  if (result.success) return { errors: {}, input };
  return {
    errors: issuesToErrors(result.error.issues, PROJECT_FIELDS, {
      blank: (f) => values[f].trim() === '',
      fallback: { budget: 'amount' },
    }),
  };
}
