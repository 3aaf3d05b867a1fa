import { NextResponse, type NextRequest } from 'next/server';
import {
  CSRF_COOKIE,
  createCsrfToken,
  csrfCookie,
  isSecureRequest,
  isWellFormedCsrfToken,
} from '@/lib/http/csrf';
import { NO_STORE } from '@/lib/http/api-errors';

/**
 * GET /api/csrf/: `{"csrfToken": "..."}`, the value to send in the X-CSRFToken header, and the
 * csrftoken cookie that must accompany it (kept when the browser already has a valid one).
 */
export function GET(request: NextRequest): NextResponse {
  const existing = request.cookies.get(CSRF_COOKIE)?.value;
  const token = isWellFormedCsrfToken(existing) ? existing : createCsrfToken();
  const response = NextResponse.json({ csrfToken: token }, { headers: NO_STORE });
  if (token !== existing) response.cookies.set(csrfCookie(token, isSecureRequest(request)));
  return response;
}
