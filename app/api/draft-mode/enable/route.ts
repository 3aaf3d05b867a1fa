import { enableDraftMode } from '@/lib/content/routes';

export const dynamic = 'force-dynamic';

export const GET = enableDraftMode;
