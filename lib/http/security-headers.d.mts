export declare const PERMISSIONS_POLICY: string;
export declare const CONSOLE_PERMISSIONS_POLICY: string;
export declare const HSTS_VALUE: string;
export declare function staticSecurityHeaders(options: {
  production: boolean;
}): { key: string; value: string }[];
export declare const STUDIO_PATH: string;
export declare function isStudioPath(pathname: string): boolean;
export declare function contentSecurityPolicy(options: {
  nonce?: string;
  studio?: boolean;
  dev?: boolean;
  sanityProjectId?: string;
}): string;
export declare function createNonce(): string;
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const MEDIA_CONTENT_SECURITY_POLICY: string;
