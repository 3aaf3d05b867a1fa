import { defineField, defineType } from 'sanity';
import { trimmed } from '../validation';

export const SOCIAL_PLATFORMS = [
  { title: 'Short-video account (e.g. Douyin)', value: 'short-video' },
  { title: 'Chat account (e.g. WeChat)', value: 'chat' },
  { title: 'Lifestyle-sharing account (e.g. Xiaohongshu)', value: 'lifestyle' },
] as const;

/** One of the club's social media accounts, shown as a badge in the footer. */
export const socialAccount = defineType({
  name: 'socialAccount',
  title: 'Social account',
  type: 'document',
  fields: [
    defineField({
      name: 'platform',
      title: 'Kind of account',
      description: 'Chooses the badge icon.',
      type: 'string',
      options: { list: [...SOCIAL_PLATFORMS], layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'label',
      title: 'Name read by screen readers',
      description: 'For example: TCSA on Douyin.',
      type: 'string',
      validation: (rule) => rule.required().min(3).max(60).custom(trimmed),
    }),
    defineField({
      name: 'handle',
      title: 'Handle',
      description: 'Shown when a visitor hovers the badge, e.g. @tcsa_telfer.',
      type: 'string',
      validation: (rule) => rule.required().max(40).custom(trimmed),
    }),
    defineField({
      name: 'link',
      title: 'Profile page',
      description:
        'Opens in a new tab. Leave it empty when the account has no public page (a WeChat account, for example).',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https', 'http'] }),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'handle' } },
});
