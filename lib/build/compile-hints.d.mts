export declare const COMPILE_HINT: string;
export declare function siteChunksRunOnLoad(distDir: string): Promise<string[]>;
export declare function addCompileHints(
  distDir: string,
): Promise<{ chunks: string[]; bytes: number }>;
