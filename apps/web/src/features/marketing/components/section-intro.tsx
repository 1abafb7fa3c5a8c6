// How a marketing page titles its sections, so every section heading looks the same.

export const sectionHeadingClass =
  'text-3xl font-bold tracking-tight text-balance sm:text-4xl rtl:tracking-normal';

/** A section's centred title (the id names the section) and the line under it. */
export function SectionIntro({
  id,
  title,
  subtitle,
}: {
  id: string;
  title: string;
  subtitle: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className={sectionHeadingClass}>
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p>
    </div>
  );
}
