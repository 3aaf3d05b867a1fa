import { defineArrayMember, defineField, defineType } from 'sanity';

/** A paragraph or two of plain text; a blank line starts a new paragraph. */
const textField = (name: string, title: string, group: string, max = 800) =>
  defineField({
    name,
    title,
    description: 'A blank line starts a new paragraph.',
    type: 'text',
    rows: 3,
    group,
    validation: (rule) => rule.required().min(20).max(max),
  });

/**
 * The membership pages' main content (club-operations.md, 'Membership'): what membership is, the
 * benefits, how long it lasts, the disclaimer, what the form page says around the form, the FAQ
 * and the policies. Labels and messages are in the 'Membership pages texts' document; prices and
 * validity dates come from the database (the console's membership settings).
 */
export const membershipPage = defineType({
  name: 'membershipPage',
  title: 'Membership pages',
  type: 'document',
  groups: [
    { name: 'overview', title: 'Overview', default: true },
    { name: 'join', title: 'Application page' },
    { name: 'faq', title: 'FAQ' },
    { name: 'policies', title: 'Policies' },
  ],
  fields: [
    textField('heroMessage', 'Overview: message under the title', 'overview', 240),
    textField('intro', 'Overview: what membership is', 'overview'),
    defineField({
      name: 'benefits',
      title: 'Overview: the benefits',
      type: 'array',
      group: 'overview',
      of: [defineArrayMember({ type: 'benefitBlock' })],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    textField('duration', 'Overview: how long a membership lasts', 'overview'),
    textField(
      'disclaimer',
      'Every membership page: priority is not a guaranteed place',
      'overview',
      400,
    ),
    textField('refundSummary', 'Application page: short refund policy', 'join'),
    textField('privacyNotice', 'Application page: privacy notice', 'join', 1200),
    textField('howToPay', 'Application page: how to pay', 'join'),
    textField('nextSteps', 'Application page and email: what happens after paying', 'join'),
    textField('eventsIntro', 'Member events page: text under the title', 'overview', 400),
    defineField({
      name: 'faq',
      title: 'FAQ: questions and answers',
      type: 'array',
      group: 'faq',
      of: [defineArrayMember({ type: 'membershipFaqItem' })],
      validation: (rule) => rule.required().min(1).max(20),
    }),
    defineField({
      name: 'policies',
      title: 'Policies',
      type: 'array',
      group: 'policies',
      of: [defineArrayMember({ type: 'membershipPolicy' })],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .max(12)
          .custom((policies: { anchor?: string }[] | undefined) => {
            const anchors = (policies ?? []).map((policy) => policy.anchor).filter(Boolean);
            return new Set(anchors).size === anchors.length || 'Two policies have the same anchor';
          }),
    }),
  ],
  preview: { prepare: () => ({ title: 'Membership pages' }) },
});
