import type { ReactNode } from 'react';

/** A titled landing section. */
export function Section({ id, title, tinted, children }: { id: string; title: string; tinted?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={tinted ? 'landing-section landing-section--tinted' : 'landing-section'} aria-labelledby={`${id}-title`}>
      <div className="landing-section__inner">
        <h2 id={`${id}-title`} className="landing-section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function CardGrid({ small, children }: { small?: boolean; children: ReactNode }) {
  return <div className={small ? 'landing-grid landing-grid--small' : 'landing-grid'}>{children}</div>;
}

/** A card with an icon, a title and a short text. */
export function FeatureCard({ icon, title, body, testId }: { icon: ReactNode; title: string; body: string; testId?: string }) {
  return (
    <article className="landing-card" data-testid={testId}>
      <span className="landing-card__icon" aria-hidden>
        {icon}
      </span>
      <h3 className="landing-card__title">{title}</h3>
      <p className="landing-card__body">{body}</p>
    </article>
  );
}
