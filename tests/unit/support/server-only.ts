// Stands in for the real package, which throws when imported outside the Next.js server bundle.
export {};
