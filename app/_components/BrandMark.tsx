/** The club's round mark: "TCSA" over a dark red disc with a pink rim. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#8F001A" stroke="#FF8CC6" strokeWidth="3" />
      <text
        x="32"
        y="38"
        textAnchor="middle"
        fontFamily="Poppins, Arial, sans-serif"
        fontWeight="700"
        fontSize="17"
        fill="#fff"
      >
        TCSA
      </text>
    </svg>
  );
}
