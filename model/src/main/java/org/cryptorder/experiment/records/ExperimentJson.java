package org.cryptorder.experiment.records;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.util.Arrays;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.ValidateFrames;
import org.cryptorder.net.RxSteering;
import org.cryptorder.params.Parameter;

/**
 * The Jackson set-up for experiment files: strict where Jackson 2 is lenient by default, and the
 * names the files use for the model's enums.
 *
 * <p>Errors, each with the parser's location: unknown keys, duplicate keys, trailing tokens after
 * the document, a missing required key, {@code null} for a primitive, {@code "8"} for a number,
 * {@code 8.9} (or {@code 8.0}) for an integer, a number or string for a boolean, a number or
 * boolean for a string. Enum values are written as the files write them: policies by their key
 * ({@code async-unordered}), cipher suites by their IEEE name ({@code GCM-AES-XPN-128}), the others
 * in lower case with hyphens ({@code per-frame}, {@code exponential}).
 */
public final class ExperimentJson {
    private ExperimentJson() {
    }

    /** A new strict mapper (mappers are thread-safe once configured; callers may share one). */
    public static ObjectMapper mapper() {
        JsonMapper m = JsonMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .addModule(enumNames())
                .build();
        forbid(m, LogicalType.Integer, CoercionInputShape.String, CoercionInputShape.Float,
                CoercionInputShape.Boolean, CoercionInputShape.EmptyString);
        forbid(m, LogicalType.Float, CoercionInputShape.String, CoercionInputShape.Boolean,
                CoercionInputShape.EmptyString);
        forbid(m, LogicalType.Boolean, CoercionInputShape.String, CoercionInputShape.Integer,
                CoercionInputShape.Float, CoercionInputShape.EmptyString);
        forbid(m, LogicalType.Textual, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        return m;
    }

    /**
     * An experiment with every default, as {@code experiment.json} would write it: the kernel's
     * defaults when {@code kernel} is given (its cryptd queue length), one traffic entry of each
     * kind listed in that order (a UDP entry's {@code rateMbps}, which has no default, null), and
     * a WiFi station's defaults when {@code wifi}. The report sets what an experiment changed against it.
     */
    public static String defaults(String kernel, java.util.List<String> trafficKinds, boolean wifi) {
        java.util.List<Experiment.Traffic> traffic = trafficKinds.stream().<Experiment.Traffic>map(k -> k.equals("tcp")
                ? new Experiment.TcpTraffic(null, null, null, null)
                : new Experiment.UdpTraffic(null, null, null, null, null, null)).toList();
        Experiment e = new Experiment("defaults", null, null, null, null,
                new Experiment.Crypto(null, kernel, null, null, null), null, traffic,
                wifi ? new Experiment.Wifi(null, null, null) : null, null, null, null);
        try {
            return mapper().writeValueAsString(e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            throw new IllegalStateException("the defaults do not serialise", ex);
        }
    }

    private static void forbid(ObjectMapper m, LogicalType target, CoercionInputShape... shapes) {
        for (CoercionInputShape shape : shapes) {
            m.coercionConfigFor(target).setCoercion(shape, CoercionAction.Fail);
        }
    }

    /** The key an enum value has in experiment files. */
    public static String key(Enum<?> value) {
        if (value instanceof Policy p) {
            return p.key();
        }
        if (value instanceof CipherSuite s) {
            return s.displayName();
        }
        return Parameter.keyOf(value);
    }

    private static SimpleModule enumNames() {
        SimpleModule module = new SimpleModule("cryptorder-enum-names");
        register(module, Policy.class);
        register(module, CipherSuite.class);
        register(module, ValidateFrames.class);
        register(module, SectionLength.class);
        register(module, RxSteering.class);
        register(module, org.cryptorder.net.Impairment.DelayDistribution.class);
        register(module, Experiment.UdpPattern.class);
        register(module, org.cryptorder.transport.tcp.CongestionControlKind.class);
        register(module, org.cryptorder.transport.tcp.TcpMode.class);
        register(module, org.cryptorder.transport.tcp.TcpPacing.class);
        register(module, org.cryptorder.wifi.CcmFpuUse.class);
        return module;
    }

    private static <E extends Enum<E>> void register(SimpleModule module, Class<E> type) {
        module.addSerializer(type, new KeySerializer<>(type));
        module.addDeserializer(type, new KeyDeserializer<>(type));
    }

    /** Writes an enum value as its {@link #key}. */
    private static final class KeySerializer<E extends Enum<E>> extends StdSerializer<E> {
        KeySerializer(Class<E> type) {
            super(type);
        }

        @Override
        public void serialize(E value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeString(key(value));
        }
    }

    /** Reads an enum value from its {@link #key}; any other string is an error that lists the keys. */
    private static final class KeyDeserializer<E extends Enum<E>> extends StdDeserializer<E> {
        private final Class<E> type;

        KeyDeserializer(Class<E> type) {
            super(type);
            this.type = type;
        }

        @Override
        public E deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return type.cast(ctxt.handleUnexpectedToken(type, p));
            }
            String text = p.getText();
            for (E e : type.getEnumConstants()) {
                if (key(e).equals(text)) {
                    return e;
                }
            }
            return type.cast(ctxt.handleWeirdStringValue(type, text, "expected one of %s",
                    Arrays.stream(type.getEnumConstants()).map(ExperimentJson::key).toList()));
        }
    }
}
