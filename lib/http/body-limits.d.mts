export declare const REGISTRATION_BODY_BYTES: number;
export declare const TEXT_SUBMISSION_BODY_BYTES: number;
export declare const WEBHOOK_BODY_BYTES: number;
export declare const API_BODY_BYTES: number;
export declare const RESUME_BYTES: number;
export declare const APPLICATION_BODY_BYTES: number;
export declare const CONSOLE_IMAGE_BYTES: number;
export declare const CONSOLE_VIDEO_BYTES: number;
export declare const PAGE_BODY_BYTES: number;
export declare const TOO_LARGE_MESSAGES: {
  readonly default: string;
  readonly message: string;
  readonly serviceRequest: string;
  readonly resume: string;
  readonly webhook: string;
  readonly image: string;
  readonly video: string;
};
export type BodyLimit = {
  route: string;
  bytes: number;
  message: string;
  fields?: Record<string, string>;
  cacheControl: string;
};
export type NamedBodyRoute =
  'registration' | 'message' | 'serviceRequest' | 'application' | 'webhook';
export declare function bodyLimitFor(pathname: string, search?: URLSearchParams): BodyLimit;
export declare function routeBodyLimit(route: NamedBodyRoute): BodyLimit;
export declare function declaredLength(header: string | undefined | null): number | null;
export declare function tooLargeBody(limit: BodyLimit): string;
