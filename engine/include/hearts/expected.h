// A small "value or reason" type for input that comes from outside (text, records,
// network). A broken internal invariant is an assert; bad input is an Error.
#pragma once

#include <cassert>
#include <memory>
#include <string>
#include <utility>
#include <variant>

namespace hearts {

/// Why something was refused, in words a person can act on.
struct Error {
    std::string reason;
};

/// Either a T or an Error. Example:
///   Expected<Card> c = parse_card("QS");
///   if (!c) std::puts(c.error().reason.c_str());
template <class T>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
    Expected(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design
    bool has_value() const { return v_.index() == 0; }
    explicit operator bool() const { return has_value(); }
    const T& value() const& {
        assert(has_value());
        return std::get<0>(v_);
    }
    T& value() & {
        assert(has_value());
        return std::get<0>(v_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(v_));
    }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const {
        assert(!has_value());
        return std::get<1>(v_);
    }

  private:
    std::variant<T, Error> v_;
};

/// Success or an Error, for operations that return nothing. Success is a null pointer,
/// so the accepted path of a hot call like `Game::apply` costs no more than a bool.
class [[nodiscard]] Status {
  public:
    Status() = default;
    Status(Error error) : error_(std::make_unique<Error>(std::move(error))) {}  // NOLINT
    Status(const Status& o) : error_(o.error_ ? std::make_unique<Error>(*o.error_) : nullptr) {}
    Status(Status&&) noexcept = default;
    Status& operator=(const Status& o) { return *this = Status(o); }
    Status& operator=(Status&&) noexcept = default;
    static Status ok() { return {}; }
    bool has_value() const { return !error_; }
    explicit operator bool() const { return !error_; }
    const Error& error() const {
        assert(error_);
        return *error_;
    }

  private:
    std::unique_ptr<Error> error_;
};

}  // namespace hearts
