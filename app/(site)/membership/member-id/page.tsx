import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { MEMBERSHIP_ANSWER_KEYS, answerWordsFor } from '@/lib/copy/answers';
import { pickCopy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';
import { MEMBER_ID_FORM_KEYS } from '../_components/form-copy';
import { MemberIdForm } from '../_components/RequestForms';
import { MembershipNav } from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/member-id',
  title: 'titleMemberId',
  description:
    'Forgot your TCSA member ID? Enter your uOttawa email and we email the ID of an active or expired membership to that address.',
});

export default async function MemberIdPage() {
  await connection();
  const [texts, answers] = await Promise.all([getCopy('membership'), getCopy('answers')]);
  return (
    <>
      <Hero compact title={texts.forgotTitle} />
      <MembershipNav current="/membership/member-id" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          <p id="member-id-intro" className={styles.block}>
            {texts.forgotIntro}
          </p>
          <MemberIdForm
            texts={pickCopy(texts, ...MEMBER_ID_FORM_KEYS)}
            answerWords={answerWordsFor(answers, MEMBERSHIP_ANSWER_KEYS)}
            labelledBy="member-id-intro"
          />
        </div>
      </div>
    </>
  );
}
