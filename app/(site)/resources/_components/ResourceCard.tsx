import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import Image from 'next/image';
import type { ResourceDto } from '@/lib/api/contract';
import styles from './Resources.module.css';

function ExternalIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z"
      />
    </svg>
  );
}

/** One 'Explore More' card (spec section 2): thumbnail, title, description, 'Learn More'. */
export function ResourceCard({
  resource,
  copy = defaultCopy('resources'),
  newTab = defaultCopy('site').opensInNewTab,
}: {
  resource: ResourceDto;
  copy?: Pick<Copy<'resources'>, 'learnMore' | 'learnMoreAbout'>;
  newTab?: string;
}) {
  return (
    <article className="card-surface" data-testid="resource-card">
      <div className={styles.thumbnail}>
        {resource.thumbnail_img ? (
          <Image
            src={resource.thumbnail_img}
            alt=""
            fill
            sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 380px"
          />
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{resource.title}</h3>
        <p className={styles.description}>{resource.description}</p>
        <a
          className={`button ${styles.action}`}
          href={resource.resource_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {copy.learnMore}
          <span className="visually-hidden">
            {' '}
            {fillCopy(copy.learnMoreAbout, { title: resource.title })} {newTab}
          </span>
          <ExternalIcon />
        </a>
      </div>
    </article>
  );
}
