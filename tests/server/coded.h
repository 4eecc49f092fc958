// What a coded error or notice carries over the wire (server/protocol/texts.h, docs/protocol.md
// "Codes"): its code, values for exactly its placeholders, and its English as the reason.
// For the texts' tests, in texts_test.cpp and threaded/texts_inprocess_test.cpp.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/texts.h"

namespace hearts::server::coded {

// A text as it came over the wire: its code and values, to fill in here.
inline Text text_of_wire(const nlohmann::json& m) {
    Text t;
    const int i = texts::find(m.value("msg", ""));
    if (i >= 0) t.code = kTexts[i].code;
    const nlohmann::json args = m.value("args", nlohmann::json::object());
    for (const auto& [name, value] : args.items()) {
        if (value.is_number_integer())
            t.args.emplace_back(name, value.get<std::int64_t>());
        else
            t.args.emplace_back(name, value.get<std::string>());
    }
    return t;
}

// An error or notice carries a known code, values for exactly its placeholders, and its
// English as the reason.
inline void expect_coded(const nlohmann::json& m) {
    ASSERT_TRUE(m.contains("msg")) << m.dump();
    ASSERT_TRUE(m["args"].is_object()) << m.dump();
    const Text t = text_of_wire(m);
    EXPECT_FALSE(t.code.empty()) << "unknown code: " << m.dump();
    EXPECT_TRUE(text_problems(t).empty()) << m.dump();
    EXPECT_EQ(t.english(), m["reason"]) << m.dump();
}

}  // namespace hearts::server::coded
