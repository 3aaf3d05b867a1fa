import 'server-only';
import { z } from 'zod';
import { requiredEmail, requiredLine } from '@/lib/api/contract';
import { normalizeEmail } from '@/lib/db/queries';
import { ROLES } from './roles';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './server';

/** A new password, typed twice. */
const passwordFields = {
  password: z
    .string({ error: 'Password is required.' })
    .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
  confirmPassword: z.string({ error: 'Type the password again.' }),
};

const samePasswordTwice = {
  check: (value: { password: string; confirmPassword: string }) =>
    value.password === value.confirmPassword,
  issue: { path: ['confirmPassword'], message: 'The two passwords are not the same.' },
};

/** The first account's form: who the super admin is, and their password. */
export const firstAccountSchema = z
  .object({
    name: requiredLine('Name', 100),
    email: requiredEmail().transform(normalizeEmail),
    ...passwordFields,
  })
  .refine(samePasswordTwice.check, samePasswordTwice.issue);

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field, for showing beside it. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The invitation form of the accounts page. */
export const invitationSchema = z.object({
  name: requiredLine('Name', 100),
  email: requiredEmail().transform(normalizeEmail),
  role: z.enum(ROLES, { error: 'Choose a role.' }),
});

/** A password chosen with an invitation or a reset link. */
export const newPasswordSchema = z
  .object(passwordFields)
  .refine(samePasswordTwice.check, samePasswordTwice.issue);

export const roleSchema = z.enum(ROLES, { error: 'Choose a role.' });
