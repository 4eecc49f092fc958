#include "loadtest_read.h"

#include <simdjson.h>

namespace hearts::app {

namespace od = simdjson::ondemand;

struct MessageReader::Impl {
    od::parser parser;
    std::string padded;  // the text and simdjson's padding, reused
};

MessageReader::MessageReader() : impl_(new Impl) {}
MessageReader::~MessageReader() {
    delete impl_;
}

namespace {

// Each returns false (with `why`) when the value is not of the kind wanted.
bool text(od::value v, std::string& out, std::string& why, std::string_view what) {
    std::string_view s;
    if (v.get_string().get(s)) {
        why = std::string(what) + ": not a string";
        return false;
    }
    out.assign(s);
    return true;
}

bool texts(od::value v, std::vector<std::string>& out, std::string& why, std::string_view what) {
    od::array list;
    if (v.get_array().get(list)) {
        why = std::string(what) + ": not an array";
        return false;
    }
    for (auto item : list) {
        std::string_view s;
        if (item.get_string().get(s)) {
            why = std::string(what) + ": not an array of strings";
            return false;
        }
        out.emplace_back(s);
    }
    return true;
}

bool count(od::value v, std::size_t& out, std::string& why, std::string_view what) {
    od::array list;
    if (v.get_array().get(list)) {
        why = std::string(what) + ": not an array";
        return false;
    }
    out = 0;
    for (auto item : list) {
        if (item.error()) {
            why = std::string(what) + ": " + simdjson::error_message(item.error());
            return false;
        }
        ++out;
    }
    return true;
}

bool read_view(od::value v, SeenView& view, std::string& why) {
    od::object object;
    if (v.get_object().get(object)) {
        why = "view: not an object";
        return false;
    }
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key)) {
            why = "view: a key that does not read";
            return false;
        }
        od::value value = field.value();
        bool ok = true;
        if (key == "seat") {
            ok = text(value, view.seat, why, "view.seat");
        } else if (key == "phase") {
            ok = text(value, view.phase, why, "view.phase");
        } else if (key == "pass") {
            ok = text(value, view.pass, why, "view.pass");
        } else if (key == "to_move") {
            od::json_type type;
            ok = !value.type().get(type) &&
                 (type == od::json_type::null || text(value, view.to_move, why, "view.to_move"));
            if (!ok && why.empty()) why = "view.to_move: neither a seat nor null";
        } else if (key == "hand") {
            ok = !value.get_int64().get(view.hand);
            if (!ok) why = "view.hand: not a number";
        } else if (key == "cards") {
            ok = texts(value, view.cards, why, "view.cards");
        } else if (key == "legal") {
            ok = texts(value, view.legal, why, "view.legal");
        } else if (key == "passed") {
            ok = count(value, view.passed, why, "view.passed");
        } else if (key == "sheet") {
            ok = count(value, view.sheet_rows, why, "view.sheet");
            view.has_sheet = ok;
        }
        if (!ok) return false;
    }
    return true;
}

}  // namespace

bool MessageReader::read(std::string_view message, Incoming& out) {
    out = Incoming{};
    error_.clear();
    std::string& padded = impl_->padded;
    padded.assign(message);
    padded.append(simdjson::SIMDJSON_PADDING, ' ');
    od::document doc;
    if (auto e = impl_->parser.iterate(padded.data(), message.size(), padded.size()).get(doc)) {
        error_ = std::string("not JSON: ") + simdjson::error_message(e);
        return false;
    }
    od::object object;
    if (doc.get_object().get(object)) {
        error_ = "not a JSON object";
        return false;
    }
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key)) {
            error_ = "a key that does not read";
            return false;
        }
        od::value value = field.value();
        bool ok = true;
        if (key == "t") {
            ok = text(value, out.t, error_, "t");
        } else if (key == "table") {
            ok = text(value, out.table, error_, "table");
        } else if (key == "id") {
            std::int64_t id = 0;
            ok = !value.get_int64().get(id);
            if (ok) out.id = id;
        } else if (key == "v") {
            std::int64_t v = 0;
            ok = !value.get_int64().get(v);
            if (ok) out.v = v;
        } else if (key == "player" && out.t == "welcome") {
            ok = text(value, out.player, error_, "player");
        } else if (key == "token") {
            ok = text(value, out.token, error_, "token");
        } else if (key == "code") {
            ok = text(value, out.code, error_, "code");
        } else if (key == "reason") {
            ok = text(value, out.reason, error_, "reason");
        } else if (key == "view") {
            ok = read_view(value, out.view.emplace(), error_);
        } else if (key == "info") {
            od::object info;
            ok = !value.get_object().get(info);
            if (ok) {
                for (auto item : info) {
                    std::string_view k;
                    if (item.unescaped_key().get(k)) return false;
                    if (k == "state" && !text(item.value(), out.state, error_, "info.state"))
                        return false;
                }
            }
        }
        if (!ok) {
            if (error_.empty()) error_ = std::string(key) + ": not what the protocol says";
            return false;
        }
    }
    return true;
}

std::vector<std::string_view> lines_of(std::string_view frame) {
    std::vector<std::string_view> lines;
    for (;;) {
        const auto newline = frame.find('\n');
        lines.push_back(frame.substr(0, newline));
        if (newline == std::string_view::npos) return lines;
        frame.remove_prefix(newline + 1);
    }
}

}  // namespace hearts::app
