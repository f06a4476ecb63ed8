import { Customer } from './customers/customer.entity.js';

export const projectsEntities = [Customer];
