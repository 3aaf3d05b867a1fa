import Image from 'next/image';
import { Suspense } from 'react';
import { ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { BenefitBgImageDto } from '@/lib/api/contract';
import { sectionFailureText, settle, type Settled } from '@/lib/api/failure';
import { getBenefitBgImages } from '@/lib/api/reads';
import { BENEFIT_PLACEHOLDER_IMAGES, pickBackgrounds } from '@/lib/site/backgrounds';
import type { Copy } from '@/lib/copy/catalogue';
import styles from './Benefits.module.css';

export type Benefit = { key: string; title: string; body: string | null };

type Backgrounds = Promise<Settled<BenefitBgImageDto[]>>;

async function BenefitBackground({
  backgrounds,
  index,
}: {
  backgrounds: Backgrounds;
  index: number;
}) {
  const result = await backgrounds;
  const images = pickBackgrounds(result.ok ? result.value : [], BENEFIT_PLACEHOLDER_IMAGES);
  const src = images[index] ?? BENEFIT_PLACEHOLDER_IMAGES[0];
  return (
    <Image
      className={styles.backgroundImage}
      src={src}
      alt=""
      fill
      sizes="(max-width: 900px) 100vw, 400px"
      unoptimized={src.endsWith('.svg')}
      data-testid="benefit-background"
    />
  );
}

async function BackgroundsStatus({
  backgrounds,
  failure,
  invalid,
}: {
  backgrounds: Backgrounds;
  failure: string;
  invalid: string;
}) {
  const result = await backgrounds;
  if (result.ok) return null;
  return (
    <ErrorText>
      {sectionFailureText(result.error, 'benefitBgImages', { failure, invalid })}
    </ErrorText>
  );
}

/**
 * The three benefit blocks of /joinus. Their copy shows at once; the background images stream in
 * behind it (the first three from the server, placeholders for any it does not send).
 */
export function Benefits({
  benefits,
  texts,
  invalid,
}: {
  benefits: readonly Benefit[];
  texts: Copy<'joinUs'>;
  invalid: string;
}) {
  const backgrounds = settle(getBenefitBgImages());
  return (
    <section className="section" aria-label={texts.benefitsLabel}>
      <div className="container">
        <ul className={styles.grid}>
          {benefits.map((benefit, index) => (
            <li key={benefit.key} className={styles.block} data-testid="benefit">
              <div className={styles.background} aria-hidden="true">
                <Suspense fallback={<div className="shimmer" />}>
                  <BenefitBackground backgrounds={backgrounds} index={index} />
                </Suspense>
              </div>
              <h2 className={styles.title}>{benefit.title}</h2>
              {benefit.body ? <p className={styles.body}>{benefit.body}</p> : null}
            </li>
          ))}
        </ul>
        <div className={styles.status}>
          <Suspense fallback={<LoadingText>{texts.benefitsLoading}</LoadingText>}>
            <BackgroundsStatus
              backgrounds={backgrounds}
              failure={texts.benefitsError}
              invalid={invalid}
            />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
