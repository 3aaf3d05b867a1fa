export declare const SERVER_VARIABLES: readonly string[];
