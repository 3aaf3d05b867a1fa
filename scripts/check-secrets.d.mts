export declare const SECRET_VARIABLES: string[];
export declare const MIN_SECRET_LENGTH: number;
export declare function secretsFrom(
  env: Record<string, string | undefined>,
): { name: string; value: string }[];
export declare function findSecrets(
  dir: string,
  secrets: { name: string; value: string }[],
): { file: string; name: string }[];
export declare function findVariableNames(
  dir: string,
  names?: readonly string[],
): { file: string; name: string }[];
