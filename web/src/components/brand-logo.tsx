/** The default brand mark: three stacked strata, with the word mark. */
export function BrandLogo({ height = 28, withText = true }: { height?: number; withText?: boolean }) {
  return (
    <svg
      height={height}
      viewBox={withText ? "0 0 132 32" : "0 0 32 32"}
      role="img"
      aria-label="Strata"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>Strata</title>
      <path d="M4 9 16 3l12 6-12 6z" fill="#3dbdca" />
      <path d="M4 16l4-2 8 4 8-4 4 2-12 6z" fill="#007a87" />
      <path d="M4 23l4-2 8 4 8-4 4 2-12 6z" fill="#005861" />
      {withText && (
        <text
          x="38"
          y="23"
          fontFamily="Inter, system-ui, sans-serif"
          fontSize="19"
          fontWeight="700"
          fill="#005861"
        >
          Strata
        </text>
      )}
    </svg>
  );
}
