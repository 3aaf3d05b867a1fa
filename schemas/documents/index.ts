import { socialAccount } from './socialAccount';

export const documentTypes = [socialAccount];
