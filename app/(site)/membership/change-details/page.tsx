import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import { MEMBERSHIP_ANSWER_KEYS, answerWordsFor } from '@/lib/copy/answers';
import { pickCopy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { pageMetadata } from '@/lib/site/seo';
import { CHANGE_FORM_KEYS } from '../_components/form-copy';
import { ChangeDetailsForm } from '../_components/RequestForms';
import { MembershipNav } from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/change-details',
  title: 'titleChangeDetails',
  description:
    'Ask the TCSA membership coordinator to change the details of your membership: your name, program or email.',
});

export default async function ChangeDetailsPage() {
  await connection();
  const [texts, answers] = await Promise.all([getCopy('membership'), getCopy('answers')]);
  return (
    <>
      <Hero compact title={texts.changeTitle} />
      <MembershipNav current="/membership/change-details" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          <p id="change-intro" className={styles.block}>
            {texts.changeIntro}
          </p>
          <ChangeDetailsForm
            texts={pickCopy(texts, ...CHANGE_FORM_KEYS)}
            answerWords={answerWordsFor(answers, MEMBERSHIP_ANSWER_KEYS)}
            labelledBy="change-intro"
          />
        </div>
      </div>
    </>
  );
}
