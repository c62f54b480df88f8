export * from './constants';
export * from './common';
export * from './auth';
export * from './catalog';
export * from './users';
export * from './orders';
export * from './payments';
export * from './mail';
