type SkipLinkProps = {
  targetId: string;
  label: string;
};

/** First focusable element on every page; hidden until a keyboard user tabs onto it. */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
    >
      {label}
    </a>
  );
}
