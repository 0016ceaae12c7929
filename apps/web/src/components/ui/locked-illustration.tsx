/** Decorative picture of the access-denied dialog: a padlock in front of a document. */
export function LockedIllustration({ size = 160 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 160 160" aria-hidden="true" focusable="false">
      <circle cx="80" cy="80" r="76" fill="var(--mantine-color-brand-light)" />
      <rect x="44" y="26" width="62" height="82" rx="6" fill="var(--mantine-color-body)" stroke="#6B8724" strokeWidth="3" />
      <path d="M55 44 H95 M55 56 H95 M55 68 H83" stroke="#9AAD6A" strokeWidth="4" strokeLinecap="round" />
      <path d="M86 92 V82 a14 14 0 0 1 28 0 V92" fill="none" stroke="#BE5134" strokeWidth="6" />
      <rect x="78" y="90" width="44" height="38" rx="6" fill="#BE5134" />
      <circle cx="100" cy="106" r="5" fill="#fff" />
      <rect x="98" y="108" width="4" height="10" rx="2" fill="#fff" />
    </svg>
  );
}
