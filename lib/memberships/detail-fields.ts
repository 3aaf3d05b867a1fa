/**
 * The details of a membership staff may correct (on the member's page, or from a change request
 * in the inbox), in the order of the application form, with the label staff read beside each:
 * in the correction form, in the member page's list of corrections and in the audit log. No
 * server code: the console's client form uses the same list.
 */

export const DETAIL_FIELDS = [
  'legalName',
  'preferredName',
  'uottawaEmail',
  'personalEmail',
  'program',
  'yearOfStudy',
  'expectedGraduationYear',
] as const;

export type DetailField = (typeof DETAIL_FIELDS)[number];

export const DETAIL_LABELS: Record<DetailField, string> = {
  legalName: 'Legal name',
  preferredName: 'Preferred name',
  uottawaEmail: 'uOttawa email',
  personalEmail: 'Personal email',
  program: 'Program',
  yearOfStudy: 'Year of study',
  expectedGraduationYear: 'Expected graduation year',
};

/** The details as the correction form shows and sends them: text, an empty personal email ''. */
export type DetailValues = Record<DetailField, string>;

/** The longest reason staff give for a correction (as for a status change). */
export const CORRECTION_REASON_LENGTH = 200;
