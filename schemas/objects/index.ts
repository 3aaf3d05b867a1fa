import { benefitBlock } from './benefitBlock';
import { blockContent } from './blockContent';
import { linkButton } from './linkButton';
import { membershipFaqItem } from './membershipFaqItem';
import { membershipPolicy } from './membershipPolicy';
import { roadmapPoint } from './roadmapPoint';
import { serviceShowcase } from './serviceShowcase';

export const objectTypes = [
  benefitBlock,
  blockContent,
  linkButton,
  membershipFaqItem,
  membershipPolicy,
  roadmapPoint,
  serviceShowcase,
];
