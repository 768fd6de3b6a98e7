import { buildCar } from './car/build-car.js';
import { TRIMS } from '../scene/car-catalogue.js';

for (const trim of TRIMS) console.log(buildCar(trim).name);
