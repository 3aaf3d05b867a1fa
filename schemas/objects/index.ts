import { benefitBlock } from './benefitBlock';
import { blockContent } from './blockContent';
import { linkButton } from './linkButton';
import { roadmapPoint } from './roadmapPoint';
import { serviceShowcase } from './serviceShowcase';

export const objectTypes = [benefitBlock, blockContent, linkButton, roadmapPoint, serviceShowcase];
