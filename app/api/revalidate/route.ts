import { after } from 'next/server';
import { createRevalidateHandler } from '@/lib/content/routes';

export const dynamic = 'force-dynamic';

export const POST = createRevalidateHandler({ afterResponse: after });
