/**
 * The experiment file's keys as the components declare them: {@link org.cryptorder.params.Parameter}
 * (name, type, unit, default and its source, allowed values, description) and
 * {@link org.cryptorder.params.ParameterGroup} (the keys of one object). Each component package
 * holds the declarations of the keys it reads ({@code net.DeviceParameters},
 * {@code host.HostParameters}, {@code crypto.CryptoParameters}, ...); the experiment package
 * assembles them into the schema and the key table, and the records take their defaults from them.
 * This package depends on nothing else of the model.
 */
package org.cryptorder.params;
