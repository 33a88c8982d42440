/** Player glyphs as inline SVG: symbol fonts for ⏮ ⏭ 🔂 are missing on many systems. */
const box = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'currentColor', 'aria-hidden': true } as const;

export const PrevIcon = () => (
  <svg {...box}>
    <path d="M6 5h2v14H6zM20 5v14L9 12z" />
  </svg>
);
export const NextIcon = () => (
  <svg {...box}>
    <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...box}>
    <path d="M7 4v16l13-8z" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...box}>
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);
export const RepeatOneIcon = () => (
  <svg {...box} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
    <path d="M17 2l3 3-3 3" />
    <path d="M4 11V9a4 4 0 0 1 4-4h12" />
    <path d="M7 22l-3-3 3-3" />
    <path d="M20 13v2a4 4 0 0 1-4 4H4" />
    <path d="M11 10h1.5v5" />
  </svg>
);
