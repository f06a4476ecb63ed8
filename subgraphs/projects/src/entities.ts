import { Customer } from './customers/customer.entity.js';
import { StoredFile } from './files/file.entity.js';

export const projectsEntities = [Customer, StoredFile];
